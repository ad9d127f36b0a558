import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FormInstanceStatus } from '../../src/api/enums';
import { APIProvider } from '../../src/query/APIProvider';
import { createFakeBackend, errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { draftKey, resumeKey, STORED_PROGRESS_LIFETIME_MS } from '../../src/viewer/draft-storage';
import { FormInstanceViewer, type FormInstanceViewerProps } from '../../src/viewer/index';
import { renderWithProviders } from '../support/render';
import { base, renderInApi, saveStatus, setupViewerApi } from './support/viewer';

// The public form as visitors meet it: a shared device, a signed-in reader, a view link opened for editing, a link
// without its token, and a host page with its own heading.

const { backend, server, saves } = setupViewerApi();
const contact = seedIds.formSchemas.contactRequestV1;
const loan = seedIds.formSchemas.loanApplicationV1;
const instances = seedIds.formInstances;

beforeEach(() => backend.setCurrentUser(null));

function renderEdit(props: Partial<FormInstanceViewerProps> = {}) {
  return renderInApi(<FormInstanceViewer formSchemaId={contact} mode="edit" saveDelayMs={20} {...props} />);
}

async function linkToken(kind: 'GetEditUrl' | 'GetViewUrl', formInstanceId: string): Promise<string> {
  const response = await fetch(`${base}/api/Forms/${kind}?formInstanceId=${formInstanceId}`, { headers: { authorization: `Bearer ${backend.tokenFor('admin')}` } });
  return new URL((await response.json()) as string).searchParams.get('token')!;
}

const name = () => screen.findByRole('textbox', { name: /Your name/ });

describe('FormInstanceViewer on a shared device', () => {
  it("asks the next person before continuing: names what would be restored (not the answers); 'Start again' gives an empty form", async () => {
    const first = renderEdit();
    await first.user.type(await name(), 'Vera');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    const started = backend.db.formInstances.at(-1)!.formInstanceId;
    first.unmount();

    const next = renderEdit();
    const prompt = await screen.findByRole('heading', { name: 'Continue where you left off?' });
    const region = prompt.closest('[data-resume-prompt]') as HTMLElement;
    expect(region).toHaveTextContent(/Answered so far: Your name\./);
    // The previous person's answer is neither shown nor in a field.
    expect(screen.queryByText(/Vera/)).toBeNull();
    expect(screen.queryByDisplayValue('Vera')).toBeNull();

    await next.user.click(within(region).getByRole('button', { name: 'Start again' }));
    expect(await name()).toHaveValue('');
    expect(window.localStorage.getItem(resumeKey(contact))).toBeNull();
    await next.user.type(await name(), 'Sam');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    // A new instance: the previous one is untouched.
    expect(backend.db.formInstances.at(-1)!.formInstanceId).not.toBe(started);
    expect(backend.db.formInstances.find((i) => i.formInstanceId === started)!.data).toEqual({ applicant: { name: 'Vera' } });
  });

  it("'Continue' restores the form the returning visitor started", async () => {
    const first = renderEdit();
    await first.user.type(await name(), 'Ada');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    first.unmount();

    const again = renderEdit();
    await again.user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByDisplayValue('Ada')).toBeInTheDocument();
  });

  it('asks about answers typed but never saved too, and offers nothing after a submit', async () => {
    window.localStorage.setItem(draftKey(contact, null), JSON.stringify({ data: { applicant: { name: 'Kept' } }, updatedAt: new Date().toISOString() }));
    const { user, unmount } = renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByDisplayValue('Kept')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Your email/ }), 'kept@example.com');
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Thank you — your form was submitted');
    unmount();

    renderEdit();
    expect(await name()).toHaveValue('');
    expect(screen.queryByText('Continue where you left off?')).toBeNull();
  });

  it('forgets what this device holds once it is older than the edit link it came with', async () => {
    const old = new Date(Date.now() - STORED_PROGRESS_LIFETIME_MS - 60_000).toISOString();
    window.localStorage.setItem(resumeKey(contact), JSON.stringify({ formInstanceId: instances.loanInProgress, linkToken: 'x', savedAt: old }));
    window.localStorage.setItem(draftKey(loan, null), JSON.stringify({ data: { a: 1 }, updatedAt: old }));
    renderEdit();
    expect(await name()).toHaveValue('');
    expect(screen.queryByText('Continue where you left off?')).toBeNull();
    // Expired entries of every form are removed, not only this one's.
    expect(window.localStorage.getItem(resumeKey(contact))).toBeNull();
    expect(window.localStorage.getItem(draftKey(loan, null))).toBeNull();
  });
});

describe('FormInstanceViewer: a refused save', () => {
  it('says in plain words what the person can do, and offers no retry, for a 403', async () => {
    server.use(errorHandlers.failing('/api/crud/forminstance/post', 403, { baseUrl: base }));
    const { user } = renderEdit({ retryBackoff: { baseMs: 20, maxMs: 20 } });
    await user.type(await name(), 'Ada');
    const alert = await screen.findByRole('alert', { name: 'Your changes are not saved yet' });
    expect(alert).toHaveTextContent('You may not change this form, so your answers cannot be saved.');
    expect(alert).not.toHaveTextContent(/connection/);
    expect(within(alert).queryByRole('button', { name: 'Retry now' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(saves()).toHaveLength(1);
  });
});

describe('FormInstanceViewer: a view link opened with mode=edit', () => {
  it('shows the form read-only and says why', async () => {
    const token = await linkToken('GetViewUrl', instances.loanInProgress);
    renderEdit({ formSchemaId: loan, formInstanceId: instances.loanInProgress, token });
    expect(await screen.findByText('This link lets you read the form, not change it')).toBeInTheDocument();
    expect(screen.getByText('To fill it in, ask whoever sent you this link for an edit link.')).toBeInTheDocument();
    expect(screen.getByText('Alan Turing')).toBeInTheDocument();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryByRole('status', { name: 'Save status' })).toBeNull();
  });

  it('stays editable with an edit link', async () => {
    const token = await linkToken('GetEditUrl', instances.loanInProgress);
    renderEdit({ formSchemaId: loan, formInstanceId: instances.loanInProgress, token });
    expect(await screen.findByDisplayValue('Alan Turing')).toBeInTheDocument();
    expect(screen.queryByText('This link lets you read the form, not change it')).toBeNull();
  });
});

describe('FormInstanceViewer: an instance link without its token', () => {
  it("offers the host's sign-in beside 'You cannot open this form'", async () => {
    const onSignIn = vi.fn();
    const { user } = renderEdit({ formInstanceId: instances.contactSubmitted, onSignIn });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You cannot open this form');
    await user.click(within(alert).getByRole('button', { name: 'Sign in' }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
  });

  it('offers no sign-in when the host gives none', async () => {
    renderEdit({ formInstanceId: instances.contactSubmitted });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You cannot open this form');
    expect(within(alert).queryByRole('button')).toBeNull();
  });
});

describe("FormInstanceViewer: a version that is not public, opened anonymously ('Form not found')", () => {
  it("offers the host's sign-in: signed in, someone with access may open it", async () => {
    const onSignIn = vi.fn();
    const { user } = renderEdit({ formSchemaId: loan, onSignIn });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Form not found');
    expect(alert).toHaveTextContent('This form does not exist or is not open to the public. Check the link you were given.');
    await user.click(within(alert).getByRole('button', { name: 'Sign in' }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
  });
});

describe('FormInstanceViewer: the heading', () => {
  it('is an h1 by default, the level a host asks for, or none', async () => {
    const { rerenderInApi } = renderInApi(<FormInstanceViewer formSchemaId={contact} />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Contact Request');
    rerenderInApi(<FormInstanceViewer formSchemaId={contact} titleOrder={2} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Contact Request' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    rerenderInApi(<FormInstanceViewer formSchemaId={contact} withTitle={false} />);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Contact Request' })).toBeNull());
    expect(screen.getByRole('form', { name: 'Contact Request' })).toBeInTheDocument();
  });
});

describe('FormInstanceViewer: a signed-in reader without FormInstance_Add', () => {
  const strict = createFakeBackend({ enforceClaims: true, currentUserId: null });
  const strictBase = 'http://strict.test';
  const strictServer = setupServer(...strict.handlers(strictBase));
  beforeAll(() => {
    server.close();
    strictServer.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => {
    strictServer.close();
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => strict.reset());

  it('fills in and submits a public form as any visitor would', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { user } = renderWithProviders(
      <APIProvider baseUrl={strictBase} queryClient={queryClient} accessToken={strict.tokenFor('reader')} clientOptions={{ retry: { retries: 0 } }}>
        <FormInstanceViewer formSchemaId={contact} mode="edit" saveDelayMs={20} />
      </APIProvider>,
    );
    await user.type(await name(), 'Rea Reader');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    await user.type(screen.getByRole('textbox', { name: /Your email/ }), 'rea@example.com');
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Thank you — your form was submitted');
    const stored = strict.db.formInstances.at(-1)!;
    expect(stored.status).toBe(FormInstanceStatus.Submitted);
    expect(stored.data).toMatchObject({ applicant: { name: 'Rea Reader', email: 'rea@example.com' } });
  });
});
