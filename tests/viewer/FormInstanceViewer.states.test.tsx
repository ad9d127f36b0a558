import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormInstanceViewer, type FormInstanceViewerProps } from '../../src/viewer/index';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { base, field, renderInApi, setupViewerApi } from './support/viewer';

const { backend, server, seen } = setupViewerApi();
const schemas = seedIds.formSchemas;
const instances = seedIds.formInstances;

function renderViewer(props: FormInstanceViewerProps) {
  return renderInApi(<FormInstanceViewer {...props} />);
}

/** A public link made by the fake's GetEditUrl / GetViewUrl (as the signed-in admin): its token. */
async function linkToken(kind: 'GetEditUrl' | 'GetViewUrl', formInstanceId: string): Promise<string> {
  const response = await fetch(`${base}/api/Forms/${kind}?formInstanceId=${formInstanceId}`);
  const url = new URL((await response.json()) as string);
  return url.searchParams.get('token')!;
}

const alertTitled = (title: string) => screen.findByRole('alert', { name: title });

describe('FormInstanceViewer: mode', () => {
  it("shows a clear error naming 'edit' and 'view' for any other mode, and calls nothing", async () => {
    renderViewer({ formSchemaId: schemas.contactRequestV1, mode: 'delete' as never });
    const alert = await alertTitled('This form link is not valid');
    expect(alert).toHaveTextContent("The mode 'delete' is not known: it must be 'edit' or 'view'.");
    expect(seen).toHaveLength(0);
  });

  it('defaults to view: the public form, read-only, for an anonymous visitor', async () => {
    backend.setCurrentUser(null);
    const { container } = renderViewer({ formSchemaId: schemas.contactRequestV1 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Request' })).toBeInTheDocument();
    expect(container.querySelector('[data-mode]')).toHaveAttribute('data-mode', 'view');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getByText('Your name')).toBeInTheDocument();
  });

  it("titles the form with its name and description, never the schema's internal name", async () => {
    backend.setCurrentUser(null);
    const schema = backend.db.formSchemas.find((s) => s.formSchemaId === schemas.contactRequestV1)!;
    schema.name = 'Contact Request v1 (internal)';
    renderViewer({ formSchemaId: schemas.contactRequestV1 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Request' })).toBeInTheDocument();
    expect(screen.getByText('Public contact form.')).toBeInTheDocument();
    expect(screen.queryByText(/internal|v1/)).toBeNull();
    // The browser tab too.
    await waitFor(() => expect(document.title).toContain('Contact Request'));
    expect(document.title).not.toMatch(/internal|v1/);
  });

  it('titles a form whose name cannot be read with the generic label', async () => {
    const schema = backend.db.formSchemas.find((s) => s.formSchemaId === schemas.contactRequestV1)!;
    schema.name = 'Contact Request v1 (internal)';
    backend.db.forms = backend.db.forms.filter((f) => f.formId !== schema.formId);
    renderViewer({ formSchemaId: schemas.contactRequestV1 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Form' })).toBeInTheDocument();
    expect(screen.queryByText(/internal/)).toBeNull();
  });
});

describe('FormInstanceViewer: loading and not found', () => {
  it("announces 'Loading the form…' while the schema loads", async () => {
    server.use(errorHandlers.pending('/odata/FormSchemaOData', { baseUrl: base }));
    renderViewer({ formSchemaId: schemas.contactRequestV1, mode: 'edit' });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the form…');
  });

  it.each([
    ['an unknown schema', '60000000-0000-4000-8000-0000000000ff'],
    ['a non-public schema', schemas.loanApplicationV1],
    ['a schema id that is not an id', 'schema-7'],
  ])("says 'Form not found' for %s opened anonymously, without a retry", async (_, formSchemaId) => {
    backend.setCurrentUser(null);
    renderViewer({ formSchemaId, mode: 'edit' });
    const alert = await alertTitled('Form not found');
    expect(alert).toHaveTextContent('This form does not exist or is not open to the public. Check the link you were given.');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("says 'Form not found' when the server answers 404", async () => {
    server.use(errorHandlers.failing('/odata/FormSchemaOData', 404, { baseUrl: base }));
    renderViewer({ formSchemaId: schemas.contactRequestV1 });
    expect(await alertTitled('Form not found')).toBeInTheDocument();
  });

  it('says the filled-in form could not be found for an unknown instance', async () => {
    renderViewer({ formSchemaId: schemas.loanApplicationV1, formInstanceId: '70000000-0000-4000-8000-0000000000ff', mode: 'view' });
    const alert = await alertTitled('Form not found');
    expect(alert).toHaveTextContent('The filled-in form this link names could not be found. It may have been deleted.');
  });
});

describe('FormInstanceViewer: links', () => {
  it('says the link expired or is not valid for an altered token (401)', async () => {
    backend.setCurrentUser(null);
    renderViewer({ formSchemaId: schemas.loanApplicationV1, formInstanceId: instances.loanInProgress, token: 'f'.repeat(32), mode: 'edit' });
    const alert = await alertTitled('This link has expired or is not valid');
    expect(alert).toHaveTextContent('Ask whoever sent it for a new link to this form.');
  });

  it('says the link expired once its token has expired', async () => {
    const token = await linkToken('GetEditUrl', instances.loanInProgress);
    backend.db.linkTokens.find((t) => t.token === token)!.expiresAt = new Date(Date.now() - 1000);
    backend.setCurrentUser(null);
    renderViewer({ formSchemaId: schemas.loanApplicationV1, formInstanceId: instances.loanInProgress, token, mode: 'edit' });
    expect(await alertTitled('This link has expired or is not valid')).toBeInTheDocument();
  });

  it('tells an anonymous visitor without a link that they cannot open an instance (401)', async () => {
    const created = await fetch(`${base}/api/crud/forminstance/post`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ formSchemaId: schemas.contactRequestV1, data: { message: 'Hello' } }),
    });
    const { formInstanceId } = (await created.json()) as { formInstanceId: string };
    backend.setCurrentUser(null);
    renderViewer({ formSchemaId: schemas.contactRequestV1, formInstanceId, mode: 'view' });
    const alert = await alertTitled('You cannot open this form');
    expect(alert).toHaveTextContent('Sign in, or open the link you were sent for this form.');
  });

  it('reads a non-public instance with its view link, the token as the bearer of every call', async () => {
    const token = await linkToken('GetViewUrl', instances.loanSubmitted);
    seen.length = 0;
    backend.setCurrentUser(null);
    renderViewer({ formSchemaId: schemas.loanApplicationV1, formInstanceId: instances.loanSubmitted, token, mode: 'view' });
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (const request of seen) expect(request.authorization).toBe(`Bearer ${token}`);
  });
});

describe('FormInstanceViewer: failed load', () => {
  it("shows what failed with 'Try again', and loads on retry", async () => {
    server.use(errorHandlers.failing('/odata/FormSchemaOData', 500, { baseUrl: base, once: true }));
    const { user } = renderViewer({ formSchemaId: schemas.contactRequestV1, mode: 'edit' });
    const alert = await alertTitled('Could not load the form');
    expect(alert).toHaveTextContent('An unexpected server error occurred.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Request' })).toBeInTheDocument();
    expect(field('Your name')).toBeEnabled();
  });

  it('says the server could not be reached on a network failure', async () => {
    server.use(errorHandlers.networkError('/odata/FormSchemaOData', { baseUrl: base }));
    renderViewer({ formSchemaId: schemas.contactRequestV1 });
    expect(await alertTitled('Could not load the form')).toHaveTextContent(
      'The server could not be reached. Check the connection and try again.',
    );
  });
});

describe('FormInstanceViewer: view mode', () => {
  it('shows the stored answers read-only in the same layout', async () => {
    renderViewer({ formSchemaId: schemas.loanApplicationV1, formInstanceId: instances.loanSubmitted, mode: 'view' });
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('grace.hopper@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('status', { name: 'Save status' })).toBeNull();
  });

  it('shows a submitted instance read-only in edit mode too, and says why', async () => {
    Object.assign(backend.db.formInstances.find((i) => i.formInstanceId === instances.loanSubmitted)!, { envelopeId: null, envelopeStatus: null });
    renderViewer({ formSchemaId: schemas.loanApplicationV1, formInstanceId: instances.loanSubmitted, mode: 'edit' });
    expect(await screen.findByText('This form was already submitted and can no longer be changed.')).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('FormInstanceViewer: answers locked by signing', () => {
  it('shows an instance out for signature read-only in edit mode, saying its answers are locked', async () => {
    const row = backend.db.formInstances.find((i) => i.formInstanceId === instances.loanInProgress)!;
    Object.assign(row, { envelopeId: seedIds.envelopes.loanSubmittedSent, envelopeStatus: 3 });
    renderViewer({ formSchemaId: schemas.loanApplicationV1, formInstanceId: instances.loanInProgress, mode: 'edit' });
    expect(await screen.findByText(/This form was sent for signature, so its answers are locked\./)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says a signed instance is locked', async () => {
    renderViewer({ formSchemaId: schemas.loanApplicationV1, formInstanceId: instances.loanCompleted, mode: 'edit' });
    expect(await screen.findByText('This form was signed, so its answers are locked and can no longer be changed.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('FormInstanceViewer: labels and styles', () => {
  it('takes its texts from the provider labels and its own labels prop', async () => {
    renderInApi(<FormInstanceViewer formSchemaId="x" mode={'draft' as never} labels={{ formModeInvalidTitle: 'Lien non valide' }} />, {
      formModeInvalidMessage: 'Mode {mode} inconnu.',
    });
    const alert = await alertTitled('Lien non valide');
    expect(alert).toHaveTextContent('Mode draft inconnu.');
  });

  it('reaches its parts through classNames', async () => {
    const { container } = renderViewer({
      formSchemaId: schemas.contactRequestV1,
      mode: 'edit',
      classNames: { root: 'my-root', title: 'my-title', saveStatus: 'my-status' },
    });
    await screen.findByRole('heading', { level: 1, name: 'Contact Request' });
    expect(container.querySelector('.my-root')).toHaveClass('ccq-FormInstanceViewer-root');
    expect(screen.getByRole('heading', { level: 1 })).toHaveClass('my-title');
    await waitFor(() => expect(screen.getByRole('status', { name: 'Save status' })).toHaveClass('my-status'));
  });

  it('is named like the other screens', () => {
    expect(FormInstanceViewer.displayName).toBe('@ccq/forms-admin/FormInstanceViewer');
  });
});
