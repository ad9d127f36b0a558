import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EnvelopeStatus } from '../../src/api/enums';
import type { SigningEnvelope } from '../../src/api/types';
import { INVALID_SIGNER_LINK_MESSAGE, SIGNING_LIMITS } from '../../src/domain/signing';
import { SignDocument } from '../../src/signing';
import { signingProblemOf } from '../../src/signing/useSignDocument';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { base, renderInApi, setupFakeApi } from '../admin/support/screen';
import { WithPdfPages } from '../support/pdf-pages';

// pdf.js does not run under jsdom: the document is one US Letter page whose boxes are placed as pdf.js places them
// (tests/support/pdf-pages.tsx).
function renderSigning(ui: ReactElement) {
  return renderInApi(<WithPdfPages>{ui}</WithPdfPages>);
}

/** A real 1 × 1 PNG: what the canvas of jsdom (which draws nothing) gives as the signature image. */
const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

// jsdom has no 2D context: one that accepts every drawing call (signature_pad draws its strokes on it, the typed
// signature its text), and a canvas that exports the PNG above.
beforeAll(() => {
  const context = new Proxy(
    { measureText: (text: string) => ({ width: text.length * 20 }), canvas: null as unknown },
    { get: (target, key) => (key in target ? target[key as keyof typeof target] : () => undefined), set: () => true },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => PNG_DATA_URL);
  // The pad's canvas has a width in a browser; jsdom lays nothing out.
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(() => 600);
});

const { backend, server, requestsTo } = setupFakeApi();
afterEach(() => vi.clearAllMocks());

const adminHeaders = { 'content-type': 'application/json', authorization: 'Bearer fake-user:admin' };

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, { method, headers: adminHeaders, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A live link of the envelope's signer at `index` (the sender's GetSignerLink). */
async function linkOf(envelopeId: string, index = 0): Promise<string> {
  const envelope = await call<SigningEnvelope>('GET', `/api/Signing/GetEnvelope?envelopeId=${envelopeId}`);
  const signer = envelope.signers[index];
  if (!signer) throw new Error(`No signer ${index}`);
  return (await call<{ token: string }>('POST', '/api/Signing/GetSignerLink', { envelopeId, signerId: signer.signerId })).token;
}

/** A new envelope of two signers who sign one after the other. */
async function twoSignerEnvelope(): Promise<string> {
  await call('POST', '/api/Signing/RequestSignature', {
    formInstanceId: seedIds.formInstances.contactSubmitted,
    signers: [
      { name: 'Ada Lovelace', email: 'ada@example.com', routingOrder: 1 },
      { name: 'Charles Babbage', email: 'charles@example.com', routingOrder: 2 },
    ],
    emailMessage: 'Please sign by Friday.',
  });
  const found = backend.db.envelopes.find((e) => e.formInstanceId === seedIds.formInstances.contactSubmitted);
  if (!found) throw new Error('no envelope');
  return found.envelopeId;
}

const signButton = () => screen.getByRole('button', { name: 'Sign' });

async function openReview(token: string) {
  const rendered = renderSigning(<SignDocument token={token} />);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return rendered;
}

describe('SignDocument: opening the link', () => {
  it('shows the form, who signs, the message, the expiry and the document with the place to sign', async () => {
    const envelopeId = await twoSignerEnvelope();
    await openReview(await linkOf(envelopeId, 0));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/Contact/);
    expect(screen.getByText('Signing as Ada Lovelace (ada@example.com)')).toBeInTheDocument();
    expect(screen.getByText('Please sign by Friday.')).toBeInTheDocument();
    // The link (14 days) ends before the envelope (30 days by default): the signer is told so, that a new link comes
    // by e-mail before it ends (the automatic renewal), and what to do if none comes.
    expect(screen.getByText(/^Sign by /)).toHaveTextContent(
      /^Sign by (.+): this link stops working then\. The request stays open until (?!\1).+: a new link reaches you by e-mail before this one ends; if none comes, ask the sender for one\.$/,
    );
    const page = await screen.findByRole('group', { name: 'Page 1 of 1' });
    expect(within(page).getByText('Sign here')).toBeInTheDocument();
    expect(screen.getByText('You sign in 1 place, outlined on the document.')).toBeInTheDocument();
    // 'Go to where you sign' moves the focus to the outlined place.
    fireEvent.click(screen.getByRole('button', { name: 'Go to where you sign' }));
    expect(document.activeElement).toBe(within(page).getByText('Sign here').parentElement);
  });

  it('gives the envelope\'s expiry alone when it comes before the link\'s end', async () => {
    const expiresAt = new Date(Date.now() + 3 * 86_400_000);
    await call('POST', '/api/Signing/RequestSignature', {
      formInstanceId: seedIds.formInstances.contactSubmitted,
      signers: [{ name: 'Ada Lovelace', email: 'ada@example.com', routingOrder: 1 }],
      expiresAt: expiresAt.toISOString(),
    });
    const found = backend.db.envelopes.find((e) => e.formInstanceId === seedIds.formInstances.contactSubmitted);
    await openReview(await linkOf(found!.envelopeId, 0));
    const said = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' }).format(expiresAt);
    // The moment with its zone: the invitation writes it in UTC, so the page says which zone its time is in.
    const zone = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' }).formatToParts(expiresAt).find((p) => p.type === 'timeZoneName')?.value;
    expect(zone).toBeTruthy();
    expect(screen.getByText(/^Sign by /)).toHaveTextContent(`Sign by ${said} ${zone}`);
    expect(screen.queryByText(/this link stops working/)).not.toBeInTheDocument();
  });

  it('shows the loading state while the link opens', async () => {
    server.use(errorHandlers.pending('/api/Signing/Open'));
    renderSigning(<SignDocument token="any" />);
    expect(await screen.findByRole('status')).toHaveTextContent('Opening the document…');
  });

  it('says a used or replaced link cannot be used and what to do, once: not the server sentence that says the same', async () => {
    renderSigning(<SignDocument token="not-a-live-token" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'This signing link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText(/Ask the person who sent you the document for a new signing link/)).toBeInTheDocument();
    expect(screen.queryByText(INVALID_SIGNER_LINK_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getAllByText(/new (signing )?link/)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
  });

  it('tells a signer who reopens the link they signed with that they have signed, with no sign controls', async () => {
    const envelopeId = await twoSignerEnvelope();
    const token = await linkOf(envelopeId, 0);
    await call('POST', '/api/Signing/Open', { token });
    await call('POST', '/api/Signing/Sign', { token, kind: 'drawn', image: PNG_DATA_URL });
    renderSigning(<SignDocument token={token} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Signed' })).toBeInTheDocument();
    expect(screen.getByText('You have already signed this document.')).toBeInTheDocument();
    expect(screen.getByText('Nothing more is needed from you. Contact the sender if you have questions.')).toBeInTheDocument();
    expect(screen.queryByText(INVALID_SIGNER_LINK_MESSAGE)).not.toBeInTheDocument();
    expect(screen.queryByText(/new signing link/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it('tells a signer who reopens the link they declined with that they declined', async () => {
    const envelopeId = await twoSignerEnvelope();
    const token = await linkOf(envelopeId, 0);
    await call('POST', '/api/Signing/Decline', { token, reason: 'Wrong address.' });
    renderSigning(<SignDocument token={token} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Declined' })).toBeInTheDocument();
    expect(screen.getByText('You declined to sign this document.')).toBeInTheDocument();
    expect(screen.queryByText(INVALID_SIGNER_LINK_MESSAGE)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
  });

  it('a page opened without a token says the link cannot be used, in the reader’s words, and asks the server nothing', async () => {
    for (const token of ['', '  ']) {
      const { unmount } = renderSigning(<SignDocument token={token} />);
      expect(await screen.findByRole('heading', { level: 1, name: 'This signing link cannot be used' })).toBeInTheDocument();
      expect(screen.getByText('This address holds no signing link. Open the link in your email again; if you copy it, copy the whole address.')).toBeInTheDocument();
      expect(screen.getByText(/^Ask the person who sent you the document for a new signing link/)).toBeInTheDocument();
      // Not the API's sentence for a developer.
      expect(screen.queryByText(/'token' is required/)).not.toBeInTheDocument();
      unmount();
    }
    expect(requestsTo('Open')).toHaveLength(0);
  });

  it('says when it is not the signer’s turn yet, with who signs first', async () => {
    const envelopeId = await twoSignerEnvelope();
    renderSigning(<SignDocument token={await linkOf(envelopeId, 1)} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'It is not your turn to sign yet' })).toBeInTheDocument();
    expect(screen.getByText('It is not your turn to sign yet: the signers of order 1 sign first.')).toBeInTheDocument();
  });

  it('a link of a voided envelope no longer works', async () => {
    const token = await linkOf(seedIds.envelopes.loanSubmittedSent);
    await call('POST', '/api/Signing/VoidEnvelope', { envelopeId: seedIds.envelopes.loanSubmittedSent, reason: 'Wrong amount' });
    renderSigning(<SignDocument token={token} />);
    // Voiding revokes the envelope's links, so the server answers as for any dead link.
    expect(await screen.findByRole('heading', { level: 1, name: 'This signing link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText(/Ask the person who sent you the document for a new signing link/)).toBeInTheDocument();
  });

  it('a 409 about the envelope reads as no longer open, with the server text', async () => {
    server.use(
      http.post(`${base}/api/Signing/Open`, () =>
        HttpResponse.json({ type: 'about:blank', title: 'Conflict', status: 409, detail: 'The envelope is Voided: it can no longer be signed.', envelopeStatus: 5 }, { status: 409 }),
      ),
    );
    renderSigning(<SignDocument token="t" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'This document can no longer be signed' })).toBeInTheDocument();
    expect(screen.getByText('The envelope is Voided: it can no longer be signed.')).toBeInTheDocument();
  });

  it('a failed load offers Try again, which opens the link again', async () => {
    const token = await linkOf(seedIds.envelopes.loanSubmittedSent);
    server.use(errorHandlers.failing('/api/Signing/Open', 500, { once: true }));
    const { user } = renderSigning(<SignDocument token={token} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'The document could not be opened' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^Signing as Grace Hopper/, undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('sorts the server answers into the page states', () => {
    const problem = (status: number, extra: Record<string, unknown> = {}) =>
      signingProblemOf(Object.assign(Object.create({ [Symbol.for('@ccq/forms-admin/ApiError')]: true }), { status, result: { title: 'x', status, detail: 'd', ...extra } }));
    expect(problem(404).kind).toBe('invalid');
    expect(problem(404)).toMatchObject({ kind: 'invalid', detail: 'd' });
    expect(problem(404, { detail: INVALID_SIGNER_LINK_MESSAGE })).toMatchObject({ kind: 'invalid', detail: null });
    expect(problem(403).kind).toBe('invalid');
    expect(problem(409, { activeRoutingOrder: 2 })).toMatchObject({ kind: 'notYourTurn', activeRoutingOrder: 2, detail: 'd' });
    expect(problem(409, { envelopeStatus: 5 }).kind).toBe('closed');
    expect(problem(409, { signerStatus: 'Signed' }).kind).toBe('alreadySigned');
    expect(problem(409, { signerStatus: 'Declined' }).kind).toBe('alreadyDeclined');
    expect(problem(500).kind).toBe('failed');
    expect(signingProblemOf(new TypeError('offline')).kind).toBe('failed');
  });
});

describe('SignDocument: signing', () => {
  it('signs with a drawn signature: the Sign button says what is missing until the pad is drawn on and the consent ticked', async () => {
    const token = await linkOf(seedIds.envelopes.loanSubmittedSent);
    const done = vi.fn();
    const { user } = renderSigning(<SignDocument token={token} onDone={done} />);
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(screen.getByRole('tab', { name: 'Draw', selected: true })).toBeInTheDocument();
    expect(signButton()).toHaveAttribute('aria-disabled', 'true');
    expect(signButton()).toHaveAccessibleDescription(/draw your signature.*tick/);
    await user.click(signButton());
    expect(requestsTo('Sign')).toHaveLength(0);

    // A stroke on the pad (signature_pad reads pointer events).
    const pad = screen.getByRole('img', { name: 'Signature pad' });
    expect(pad).toHaveAccessibleDescription(/to sign with the keyboard, use Type/);
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1, buttons: 1, button: 0, pointerType: 'mouse', isPrimary: true });
    fireEvent.pointerMove(pad, { clientX: 60, clientY: 40, pointerId: 1, buttons: 1, pointerType: 'mouse', isPrimary: true });
    fireEvent.pointerUp(pad, { clientX: 80, clientY: 50, pointerId: 1, button: 0, pointerType: 'mouse', isPrimary: true });
    fireEvent.pointerUp(window, { clientX: 80, clientY: 50, pointerId: 1, button: 0, pointerType: 'mouse', isPrimary: true });
    fireEvent.mouseDown(pad, { clientX: 10, clientY: 10, buttons: 1, button: 0, which: 1 });
    fireEvent.mouseMove(document, { clientX: 60, clientY: 40, buttons: 1, which: 1 });
    fireEvent.mouseUp(document, { clientX: 80, clientY: 50, button: 0, which: 1 });
    await waitFor(() => expect(signButton()).toHaveAccessibleDescription(/tick/));
    expect(signButton()).not.toHaveAccessibleDescription(/draw your signature/);

    await user.click(screen.getByRole('checkbox', { name: 'I agree to sign this document electronically' }));
    expect(signButton()).not.toHaveAttribute('aria-disabled');
    await user.click(signButton());
    expect(await screen.findByText('Thank you, you have signed.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/^Everyone has signed: the document is complete/)).toBeInTheDocument();
    const signed = backend.db.envelopes.find((e) => e.envelopeId === seedIds.envelopes.loanSubmittedSent);
    expect(signed?.status).toBe(EnvelopeStatus.Completed);
    expect(signed?.lifecycle?.signers[0]?.signatureKind).toBe('drawn');
    expect(done).toHaveBeenCalledWith(expect.objectContaining({ envelopeId: seedIds.envelopes.loanSubmittedSent }));
  });

  it('Clear empties the pad again', async () => {
    const token = await linkOf(seedIds.envelopes.loanSubmittedSent);
    const { user } = await openReview(token);
    const pad = screen.getByRole('img', { name: 'Signature pad' });
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1, buttons: 1, button: 0, pointerType: 'mouse', isPrimary: true });
    fireEvent.pointerUp(window, { clientX: 30, clientY: 30, pointerId: 1, button: 0, pointerType: 'mouse', isPrimary: true });
    fireEvent.mouseDown(pad, { clientX: 10, clientY: 10, buttons: 1, button: 0, which: 1 });
    fireEvent.mouseUp(document, { clientX: 30, clientY: 30, button: 0, which: 1 });
    await waitFor(() => expect(signButton()).not.toHaveAccessibleDescription(/draw your signature/));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(signButton()).toHaveAccessibleDescription(/draw your signature/);
  });

  it('signs with a typed name: posts kind typed, the typed name and a PNG; the others still sign', async () => {
    const envelopeId = await twoSignerEnvelope();
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/Signing/Sign')) void request.clone().json().then((body: unknown) => bodies.push(body));
    });
    const { user } = await openReview(await linkOf(envelopeId, 0));
    await user.click(screen.getByRole('tab', { name: 'Type' }));
    const input = screen.getByRole('textbox', { name: 'Type your full name' });
    expect(input).toHaveValue('Ada Lovelace');
    await user.clear(input);
    await user.type(input, 'Ada King');
    expect(screen.getByRole('img', { name: 'Preview of your typed signature: Ada King' })).toHaveAttribute('src', PNG_DATA_URL);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to sign this document electronically' }));
    await user.click(signButton());
    expect(await screen.findByText('Thank you, you have signed.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('1 more signer still signs. When everyone has signed, you and the sender get the signed document by e-mail.')).toBeInTheDocument();
    expect(bodies).toEqual([{ token: expect.any(String), kind: 'typed', image: PNG_DATA_URL, typedName: 'Ada King' }]);
    expect(backend.db.envelopes.find((e) => e.envelopeId === envelopeId)?.lifecycle?.signers[0]?.status).toBe('Signed');
  });

  it('a 409 on Sign shows the server text and keeps the typed name and the consent', async () => {
    const token = await linkOf(seedIds.envelopes.loanSubmittedSent);
    server.use(
      http.post(`${base}/api/Signing/Sign`, () =>
        HttpResponse.json({ type: 'about:blank', title: 'Conflict', status: 409, detail: 'The envelope is Voided: it can no longer be signed.' }, { status: 409 }),
      ),
    );
    const { user } = await openReview(token);
    await user.click(screen.getByRole('tab', { name: 'Type' }));
    const input = screen.getByRole('textbox', { name: 'Type your full name' });
    await user.clear(input);
    await user.type(input, 'Grace B. Hopper');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to sign this document electronically' }));
    await user.click(signButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your signature was not recorded');
    expect(alert).toHaveTextContent('The envelope is Voided: it can no longer be signed.');
    expect(screen.getByRole('textbox', { name: 'Type your full name' })).toHaveValue('Grace B. Hopper');
    expect(screen.getByRole('checkbox', { name: 'I agree to sign this document electronically' })).toBeChecked();
    expect(screen.queryByText('Thank you, you have signed.')).not.toBeInTheDocument();
  });

  it('a double click on Sign sends one signature: the second click comes before the page re-renders', async () => {
    const envelopeId = await twoSignerEnvelope();
    const { user } = await openReview(await linkOf(envelopeId, 0));
    await user.click(screen.getByRole('tab', { name: 'Type' }));
    await user.click(screen.getByRole('checkbox', { name: 'I agree to sign this document electronically' }));
    const sign = signButton();
    fireEvent.click(sign);
    fireEvent.click(sign);
    expect(await screen.findByText('Thank you, you have signed.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(requestsTo('Sign')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a typed name longer than the server allows before sending', async () => {
    const token = await linkOf(seedIds.envelopes.loanSubmittedSent);
    const { user } = await openReview(token);
    await user.click(screen.getByRole('tab', { name: 'Type' }));
    const input = screen.getByRole('textbox', { name: 'Type your full name' });
    fireEvent.change(input, { target: { value: 'x'.repeat(SIGNING_LIMITS.maxNameLength + 1) } });
    expect(screen.getByText(`Your name is ${SIGNING_LIMITS.maxNameLength + 1} characters long; at most ${SIGNING_LIMITS.maxNameLength} are allowed.`)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'I agree to sign this document electronically' }));
    expect(signButton()).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('SignDocument: declining', () => {
  it('requires a reason, then declines', async () => {
    const token = await linkOf(seedIds.envelopes.loanSubmittedSent);
    const declined = vi.fn();
    const { user } = renderSigning(<SignDocument token={token} onDeclined={declined} />);
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline to sign' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline to sign' }));
    expect(within(dialog).getByText('Enter a reason for declining.')).toBeInTheDocument();
    expect(requestsTo('Decline')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason for declining/ }), 'The amount is wrong.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline to sign' }));
    expect(await screen.findByText('You declined to sign.', undefined, { timeout: 5000 })).toBeInTheDocument();
    const envelope = backend.db.envelopes.find((e) => e.envelopeId === seedIds.envelopes.loanSubmittedSent);
    expect(envelope?.status).toBe(EnvelopeStatus.Declined);
    expect(envelope?.lifecycle?.declinedReason).toBe('The amount is wrong.');
    expect(declined).toHaveBeenCalledTimes(1);
  });

  it('a double click on Decline to sign sends one decline', async () => {
    const token = await linkOf(seedIds.envelopes.loanSubmittedSent);
    const { user } = await openReview(token);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline to sign' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason for declining/ }), 'Wrong amount.');
    const confirm = within(dialog).getByRole('button', { name: 'Decline to sign' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('You declined to sign.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(requestsTo('Decline')).toHaveLength(1);
  });

  it('says a reason longer than the server allows as it is typed, counts in the locale, and refuses it', async () => {
    const token = await linkOf(seedIds.envelopes.loanSubmittedSent);
    const { user } = await openReview(token);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline to sign' });
    const box = within(dialog).getByRole('textbox', { name: /Reason for declining/ });
    fireEvent.change(box, { target: { value: 'x'.repeat(SIGNING_LIMITS.maxReasonLength + 1) } });
    const tooLong = 'The reason is 1,001 characters long; at most 1,000 are allowed.';
    expect(within(dialog).getByText(tooLong)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Decline to sign' }));
    expect(within(dialog).getByText(tooLong)).toBeInTheDocument();
    expect(box).toHaveValue('x'.repeat(SIGNING_LIMITS.maxReasonLength + 1));
    expect(requestsTo('Decline')).toHaveLength(0);
    fireEvent.change(box, { target: { value: 'x'.repeat(SIGNING_LIMITS.maxReasonLength) } });
    expect(within(dialog).queryByText(tooLong)).toBeNull();
  });
});
