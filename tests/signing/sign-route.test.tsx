import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routeTree } from '../../example-host/src/routes';
import type { SigningEnvelope } from '../../src/api/types';
import { APIProvider } from '../../src/query/APIProvider';
import { createFakeBackend } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { renderRouter } from '../host/support/renderRouter';
import { WithPdfPages } from '../support/pdf-pages';

const api = 'http://api.test';
const backend = createFakeBackend();
const server = setupServer(...backend.handlers(api));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => backend.reset());
afterAll(() => server.close());

/** A live link of the seeded envelope that is out for signature (the administrator's GetSignerLink). */
async function signerToken(): Promise<string> {
  const headers = { 'content-type': 'application/json', authorization: 'Bearer fake-user:admin' };
  const envelopeId = seedIds.envelopes.loanSubmittedSent;
  const envelope = (await (await fetch(`${api}/api/Signing/GetEnvelope?envelopeId=${envelopeId}`, { headers })).json()) as SigningEnvelope;
  const response = await fetch(`${api}/api/Signing/GetSignerLink`, { method: 'POST', headers, body: JSON.stringify({ envelopeId, signerId: envelope.signers[0]?.signerId }) });
  return ((await response.json()) as { token: string }).token;
}

/** The host at `path`; pdf.js does not run under jsdom, so the document is one blank US Letter page. */
function renderHost(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRouter(routeTree, path, (router) => (
    <WithPdfPages>
      <APIProvider baseUrl={api} queryClient={queryClient}>
        {router}
      </APIProvider>
    </WithPdfPages>
  ));
}

describe('/sign', () => {
  it('is public: nobody signed in, the link opens the document to sign with the form as the page heading', async () => {
    backend.setCurrentUser(null);
    const token = await signerToken();
    const { screen } = await renderHost(`/sign?token=${encodeURIComponent(token)}`);
    expect(await screen.findByRole('heading', { level: 1, name: /^Loan Application/ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Sign here', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Sign Loan Application/));
    // The page opened the link on the server (no sign-in needed).
    const open = backend.requests.find((r) => r.path.startsWith('/api/Signing/Open'));
    expect(open).toBeDefined();
  });

  it('without a token says the link cannot be used', async () => {
    backend.setCurrentUser(null);
    const { screen } = await renderHost('/sign');
    expect(await screen.findByRole('heading', { level: 1, name: 'This signing link cannot be used' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
