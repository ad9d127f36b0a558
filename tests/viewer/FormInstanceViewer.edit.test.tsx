import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api';
import { FormInstanceStatus } from '../../src/api/enums';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { FormInstanceViewer, type FormInstanceViewerProps } from '../../src/viewer/index';
import { draftKey, resumeKey } from '../../src/viewer/draft-storage';
import { base, field, renderInApi, saveStatus, setupViewerApi } from './support/viewer';

const { backend, server, saves } = setupViewerApi();
const contact = seedIds.formSchemas.contactRequestV1;
const loan = seedIds.formSchemas.loanApplicationV1;
const instances = seedIds.formInstances;

afterEach(() => {
  vi.useRealTimers();
});

function renderEdit(props: Partial<FormInstanceViewerProps> = {}) {
  return renderInApi(<FormInstanceViewer formSchemaId={contact} mode="edit" saveDelayMs={20} {...props} />);
}

const storedDraft = (formSchemaId: string, formInstanceId: string | null) => {
  const text = window.localStorage.getItem(draftKey(formSchemaId, formInstanceId));
  return text ? (JSON.parse(text) as { data: Record<string, unknown> }) : null;
};
const newestInstance = () => backend.db.formInstances.at(-1)!;

describe('FormInstanceViewer: draft save', () => {
  it('creates the instance on the first change (InProgress), then saves each change to it', async () => {
    const onInstanceCreated = vi.fn();
    const onSaved = vi.fn();
    const { user } = renderEdit({ onInstanceCreated, onSaved });
    const name = await screen.findByRole('textbox', { name: /Your name/ });
    expect(saves()).toHaveLength(0);
    await user.type(name, 'Ada');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    expect(saves()[0]).toMatchObject({ method: 'POST', path: '/api/crud/forminstance/post' });
    expect(saves()[0]!.body).toMatchObject({ formSchemaId: contact, status: FormInstanceStatus.InProgress });
    const created = newestInstance();
    expect(created).toMatchObject({ formSchemaId: contact, status: FormInstanceStatus.InProgress, data: { applicant: { name: 'Ada' } } });
    expect(onInstanceCreated).toHaveBeenCalledWith(expect.objectContaining({ formInstanceId: created.formInstanceId }), null);

    await user.type(field('Message'), 'Hi');
    await waitFor(() => expect(newestInstance().data).toMatchObject({ message: 'Hi' }));
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    const patches = saves().filter((s) => s.method === 'PATCH');
    expect(patches.length).toBeGreaterThan(0);
    expect(patches.at(-1)!.body).toMatchObject({ formInstanceId: created.formInstanceId, status: FormInstanceStatus.InProgress });
    expect(saves().filter((s) => s.method === 'POST')).toHaveLength(1);
    expect(onSaved).toHaveBeenCalled();
    // Everything is on the server: nothing is left in the browser.
    expect(storedDraft(contact, created.formInstanceId)).toBeNull();
    expect(storedDraft(contact, null)).toBeNull();
  });

  it("shows 'Saving…' while a save is on its way", async () => {
    server.use(errorHandlers.delayed('/api/crud/forminstance/post', 300, { baseUrl: base }));
    const { user } = renderEdit();
    await user.type(await screen.findByRole('textbox', { name: /Your name/ }), 'A');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('Saving…'));
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
  });

  it('edits a named instance with its edit link: every call carries the token, nothing is created', async () => {
    const link = await fetch(`${base}/api/Forms/GetEditUrl?formInstanceId=${instances.loanInProgress}`);
    const token = new URL((await link.json()) as string).searchParams.get('token')!;
    backend.setCurrentUser(null);
    const { user } = renderEdit({ formSchemaId: loan, formInstanceId: instances.loanInProgress, token });
    const name = await screen.findByDisplayValue('Alan Turing');
    await user.clear(name);
    await user.type(name, 'Alan M. Turing');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    const stored = backend.db.formInstances.find((i) => i.formInstanceId === instances.loanInProgress)!;
    expect(stored.data).toMatchObject({ applicant: { name: 'Alan M. Turing' } });
    expect(saves().every((s) => s.method === 'PATCH' && s.authorization === `Bearer ${token}`)).toBe(true);
  });

  it('says so when the form was sent for signature while it was open: the answers are locked, what was typed is kept', async () => {
    const { user } = renderEdit({ formSchemaId: loan, formInstanceId: instances.loanInProgress });
    const name = await screen.findByDisplayValue('Alan Turing');
    Object.assign(backend.db.formInstances.find((i) => i.formInstanceId === instances.loanInProgress)!, {
      envelopeId: seedIds.envelopes.loanSubmittedSent,
      envelopeStatus: 3,
    });
    await user.type(name, ' Jr');
    const alert = await screen.findByRole('alert', { name: 'Your changes are not saved yet' });
    expect(alert).toHaveTextContent('This form was sent for signature, so its answers are locked.');
    expect(within(alert).queryByRole('button', { name: 'Retry now' })).toBeNull();
  });
});

describe('FormInstanceViewer: a failed save', () => {
  it('keeps everything typed, says what failed, retries with exponential backoff, and offers Retry now', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let failures = 0;
    server.use(
      http.post(`${base}/api/crud/forminstance/post`, () => {
        failures += 1;
        return failures <= 2 ? HttpResponse.json({ title: 'Service Unavailable', status: 503 }, { status: 503 }) : undefined;
      }),
    );
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderInApi(<FormInstanceViewer formSchemaId={contact} mode="edit" saveDelayMs={20} retryBackoff={{ baseMs: 10_000, maxMs: 60_000 }} />);
    const name = await screen.findByRole('textbox', { name: /Your name/ });
    await user.type(name, 'Grace');

    const alert = await screen.findByRole('alert', { name: 'Your changes are not saved yet' });
    expect(alert).toHaveTextContent(
      'An unexpected server error occurred. Everything you typed is kept on this device and will be saved when the connection is back.',
    );
    await waitFor(() => expect(saveStatus()).toHaveTextContent('Not saved — retrying in 10 s'));
    expect(name).toHaveValue('Grace');
    expect(storedDraft(contact, null)?.data).toEqual({ applicant: { name: 'Grace' } });
    expect(failures).toBe(1);

    // Typing while it waits: the retry sends the latest answers.
    await user.type(field('Message'), 'Hi');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    await waitFor(() => expect(failures).toBe(2));
    // The second failure doubles the wait.
    await waitFor(() => expect(saveStatus()).toHaveTextContent('Not saved — retrying in 20 s'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    await waitFor(() => expect(saveStatus()).toHaveTextContent('Not saved — retrying in 15 s'));

    await user.click(within(screen.getByRole('alert', { name: 'Your changes are not saved yet' })).getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    expect(failures).toBe(3);
    expect(screen.queryByRole('alert', { name: 'Your changes are not saved yet' })).toBeNull();
    expect(newestInstance().data).toEqual({ applicant: { name: 'Grace' }, message: 'Hi' });
    expect(storedDraft(contact, null)).toBeNull();
    expect(storedDraft(contact, newestInstance().formInstanceId)).toBeNull();
  });

  it('says the server could not be reached when the network is down, and retries', async () => {
    server.use(errorHandlers.networkError('/api/crud/forminstance/post', { baseUrl: base, once: true }));
    const { user } = renderEdit({ retryBackoff: { baseMs: 600, maxMs: 600 } });
    await user.type(await screen.findByRole('textbox', { name: /Your name/ }), 'Ada');
    expect(await screen.findByRole('alert', { name: 'Your changes are not saved yet' })).toHaveTextContent(
      'The server could not be reached. Check the connection and try again.',
    );
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    expect(newestInstance().data).toEqual({ applicant: { name: 'Ada' } });
  });

  it('does not retry by itself when the link has expired (401), and says so', async () => {
    server.use(errorHandlers.failing('/api/crud/forminstance/post', 401, { baseUrl: base }));
    const { user } = renderEdit({ retryBackoff: { baseMs: 20, maxMs: 20 } });
    await user.type(await screen.findByRole('textbox', { name: /Your name/ }), 'Ada');
    const alert = await screen.findByRole('alert', { name: 'Your changes are not saved yet' });
    expect(alert).toHaveTextContent(
      'This link has expired, so your changes cannot be saved. They are kept on this device: ask for a new link to this form.',
    );
    expect(saveStatus()).toHaveTextContent('Not saved');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(saves()).toHaveLength(1);
    // A refusal offers no retry that could only fail again.
    expect(within(alert).queryByRole('button', { name: 'Retry now' })).toBeNull();
  });
});

describe('FormInstanceViewer: reload', () => {
  it('restores unsaved input from the browser after a reload, saves it, then clears it', async () => {
    server.use(errorHandlers.failing('/api/crud/forminstance/post', 503, { baseUrl: base }));
    const first = renderEdit({ retryBackoff: { baseMs: 60_000, maxMs: 60_000 } });
    await first.user.type(await screen.findByRole('textbox', { name: /Your name/ }), 'Katherine');
    await screen.findByRole('alert', { name: 'Your changes are not saved yet' });
    first.unmount();
    expect(storedDraft(contact, null)?.data).toEqual({ applicant: { name: 'Katherine' } });

    // The page is opened again, and the server is back: the visitor is asked first (the device may be shared).
    server.resetHandlers();
    const second = renderEdit();
    await second.user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Your unsaved answers from an earlier visit were restored.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Your name/ })).toHaveValue('Katherine');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    expect(newestInstance().data).toEqual({ applicant: { name: 'Katherine' } });
    expect(storedDraft(contact, null)).toBeNull();
  });

  it('continues the instance this browser started when the same link is opened again', async () => {
    const first = renderEdit();
    await first.user.type(await screen.findByRole('textbox', { name: /Your name/ }), 'Ada');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    const created = newestInstance().formInstanceId;
    expect(JSON.parse(window.localStorage.getItem(resumeKey(contact))!)).toMatchObject({ formInstanceId: created });
    first.unmount();
    const count = backend.db.formInstances.length;

    const second = renderEdit();
    await second.user.click(await screen.findByRole('button', { name: 'Continue' }));
    const name = await screen.findByDisplayValue('Ada');
    await second.user.type(name, ' Lovelace');
    await waitFor(() => expect(backend.db.formInstances.find((i) => i.formInstanceId === created)!.data).toEqual({ applicant: { name: 'Ada Lovelace' } }));
    expect(backend.db.formInstances).toHaveLength(count);
  });

  it('starts afresh when the instance this browser started is gone', async () => {
    window.localStorage.setItem(
      resumeKey(contact),
      JSON.stringify({ formInstanceId: '70000000-0000-4000-8000-0000000000ee', linkToken: null, savedAt: new Date().toISOString() }),
    );
    const { user } = renderEdit();
    await user.type(await screen.findByRole('textbox', { name: /Your name/ }), 'Ada');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    expect(saves()[0]).toMatchObject({ method: 'POST' });
    expect(JSON.parse(window.localStorage.getItem(resumeKey(contact))!)).toMatchObject({ formInstanceId: newestInstance().formInstanceId });
  });

  it('restores unsaved input of a named instance over its stored answers', async () => {
    window.localStorage.setItem(
      draftKey(loan, instances.loanInProgress),
      JSON.stringify({ data: { applicant: { name: 'Alan Mathison Turing', email: 'alan.turing@example.com' } }, updatedAt: new Date().toISOString() }),
    );
    renderEdit({ formSchemaId: loan, formInstanceId: instances.loanInProgress });
    expect(await screen.findByDisplayValue('Alan Mathison Turing')).toBeInTheDocument();
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    expect(backend.db.formInstances.find((i) => i.formInstanceId === instances.loanInProgress)!.data).toMatchObject({
      applicant: { name: 'Alan Mathison Turing' },
    });
    expect(storedDraft(loan, instances.loanInProgress)).toBeNull();
  });
});

describe('FormInstanceViewer: refetches', () => {
  it('keeps the form being filled in when a background refetch fails', async () => {
    const { user, queryClient } = renderEdit({ formSchemaId: loan, formInstanceId: instances.loanInProgress });
    const name = await screen.findByDisplayValue('Alan Turing');
    await user.type(name, '!');
    server.use(errorHandlers.failing('/odata/FormInstanceOData', 500, { baseUrl: base }));
    await act(async () => {
      await queryClient.invalidateQueries();
    });
    expect(screen.queryByRole('alert', { name: 'Could not load the form' })).toBeNull();
    expect(screen.getByDisplayValue('Alan Turing!')).toBe(name);
  });
});

describe('FormInstanceViewer: a stale version (412)', () => {
  it('checks the first save against the version it read: an answer saved elsewhere meanwhile is not overwritten', async () => {
    const { user } = renderEdit({ formSchemaId: loan, formInstanceId: instances.loanInProgress });
    const name = await screen.findByDisplayValue('Alan Turing');
    // Someone else opened the same instance and saved first.
    const other = createApiClient({ baseUrl: base, retry: { retries: 0 } });
    const row = (await other.odata.formInstances.getOne({ filter: `formInstanceId eq ${instances.loanInProgress}` }))!;
    const applicant = row.data.applicant as Record<string, unknown>;
    await other.crud.forminstance.patch({ formInstanceId: row.formInstanceId, data: { ...row.data, applicant: { ...applicant, name: 'Grace Hopper' } }, '@odata.etag': row['@odata.etag'] });

    await user.type(name, '!');
    await screen.findByRole('alert', { name: 'This form was changed somewhere else' });
    expect(saves().filter((s) => s.method === 'PATCH').at(-1)!.ifMatch).toBe('"1"');
    const stored = backend.db.formInstances.find((i) => i.formInstanceId === instances.loanInProgress)!;
    expect(stored.data).toMatchObject({ applicant: { name: 'Grace Hopper' } });
    expect(name).toHaveValue('Alan Turing!');
  });

  it('sends the version it has as If-Match, explains a 412, keeps the input, and saves over it on request', async () => {
    const stored = { ...backend.db.formInstances.find((i) => i.formInstanceId === instances.loanInProgress)! };
    let version = 1;
    server.use(
      http.patch(`${base}/api/crud/forminstance/patch`, async ({ request }) => {
        const ifMatch = request.headers.get('if-match');
        // Someone else saved version 2 after our first save.
        if (ifMatch !== null && ifMatch !== `"${version}"`) {
          return HttpResponse.json(
            { type: 'about:blank', title: 'Precondition Failed', status: 412, detail: 'The form instance was changed by someone else.' },
            { status: 412, headers: { 'content-type': 'application/problem+json' } },
          );
        }
        const body = (await request.json()) as { data: Record<string, unknown> };
        version += 1;
        return HttpResponse.json({ ...stored, data: body.data }, { headers: { ETag: `"${version}"` } });
      }),
    );
    const { user } = renderEdit({ formSchemaId: loan, formInstanceId: instances.loanInProgress });
    const name = await screen.findByDisplayValue('Alan Turing');
    await user.type(name, '!');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    // The first save already carries the version the instance was read at.
    expect(saves()[0]!.ifMatch).toBe('"1"');
    version += 1; // the other save

    await user.type(name, '?');
    const notice = await screen.findByRole('alert', { name: 'This form was changed somewhere else' });
    expect(notice).toHaveTextContent(
      'Someone saved this form after you opened it, so your changes were not saved. Your answers are still here: save them over the other changes, or load the saved version instead.',
    );
    expect(saves().at(-1)!.ifMatch).toBe('"2"');
    expect(saveStatus()).toHaveTextContent('Not saved');
    expect(name).toHaveValue('Alan Turing!?');
    expect(storedDraft(loan, instances.loanInProgress)?.data).toMatchObject({ applicant: { name: 'Alan Turing!?' } });

    // Typing on while stale sends nothing.
    const before = saves().length;
    await user.type(name, '#');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(saves()).toHaveLength(before);

    await user.click(within(notice).getByRole('button', { name: 'Save my answers' }));
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    expect(saves().at(-1)).toMatchObject({ method: 'PATCH', ifMatch: null, body: { data: { applicant: { name: 'Alan Turing!?#' } } } });
    expect(screen.queryByRole('alert', { name: 'This form was changed somewhere else' })).toBeNull();
  });

  it("'Load the saved version' replaces the local answers with the server's", async () => {
    server.use(errorHandlers.failing('/api/crud/forminstance/patch', 412, { baseUrl: base, once: true }));
    const { user } = renderEdit({ formSchemaId: loan, formInstanceId: instances.loanInProgress });
    const name = await screen.findByDisplayValue('Alan Turing');
    await user.type(name, ' Jr');
    const notice = await screen.findByRole('alert', { name: 'This form was changed somewhere else' });
    backend.db.formInstances.find((i) => i.formInstanceId === instances.loanInProgress)!.data = { applicant: { name: 'Alan T.' } };
    await user.click(within(notice).getByRole('button', { name: 'Load the saved version' }));
    expect(await screen.findByDisplayValue('Alan T.')).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'This form was changed somewhere else' })).toBeNull();
    expect(saveStatus()).toHaveTextContent('All changes saved');
    expect(storedDraft(loan, instances.loanInProgress)).toBeNull();
  });
});

describe('FormInstanceViewer: submit', () => {
  it('shows the error summary for an invalid form, then saves as Submitted, confirms and turns read-only', async () => {
    const onSubmitted = vi.fn();
    const { user } = renderEdit({ onSubmitted });
    await screen.findByRole('textbox', { name: /Your name/ });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getAllByRole('link').length).toBeGreaterThan(0);
    expect(saves().filter((s) => (s.body as { status?: number } | undefined)?.status === FormInstanceStatus.Submitted)).toHaveLength(0);

    await user.type(field('Your name'), 'Ada Lovelace');
    await user.type(field('Your email'), 'ada@example.com');
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    await user.type(field('Message'), 'Please call me back.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const confirmation = await screen.findByRole('heading', { name: 'Thank you — your form was submitted' });
    expect(confirmation).toHaveFocus();
    expect(screen.getByText('Your answers were received. This is what you sent:')).toBeInTheDocument();
    expect(newestInstance()).toMatchObject({
      status: FormInstanceStatus.Submitted,
      data: { applicant: { name: 'Ada Lovelace', email: 'ada@example.com' }, contactPreference: 'email', message: 'Please call me back.' },
    });
    expect(onSubmitted).toHaveBeenCalledWith(expect.objectContaining({ status: FormInstanceStatus.Submitted }));
    // Read-only now, showing what was sent.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(window.localStorage.getItem(resumeKey(contact))).toBeNull();
    expect(storedDraft(contact, newestInstance().formInstanceId)).toBeNull();
  });

  it("shows the server's per-field problems of a refused submit at their fields", async () => {
    server.use(
      errorHandlers.failing('/api/crud/forminstance/post', 400, {
        baseUrl: base,
        once: true,
        body: { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'The form instance data is not valid.', errors: [{ path: '/message', message: 'Say a little more' }] },
      }),
    );
    const { user } = renderEdit({ saveDelayMs: 60_000 });
    await user.type(await screen.findByRole('textbox', { name: /Your name/ }), 'Ada');
    await user.type(field('Your email'), 'ada@example.com');
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    await user.type(field('Message'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert', { name: 'Could not submit the form' })).toHaveTextContent('The form instance data is not valid.');
    expect(await screen.findByText('Say a little more')).toBeInTheDocument();
    expect(field('Message')).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the answers and says what failed when the submit fails; Try again submits', async () => {
    server.use(errorHandlers.failing('/api/crud/forminstance/post', 500, { baseUrl: base, once: true }));
    const { user } = renderEdit({ saveDelayMs: 60_000 });
    await user.type(await screen.findByRole('textbox', { name: /Your name/ }), 'Ada');
    await user.type(field('Your email'), 'ada@example.com');
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    await user.type(field('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert', { name: 'Could not submit the form' });
    expect(alert).toHaveTextContent('An unexpected server error occurred.');
    expect(field('Message')).toHaveValue('Hello');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Thank you — your form was submitted' })).toBeInTheDocument();
    expect(newestInstance().status).toBe(FormInstanceStatus.Submitted);
  });
});
