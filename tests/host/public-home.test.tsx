import { QueryClient } from '@tanstack/react-query';
import { within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeTree } from '../../example-host/src/routes';
import { AuthContext, type AuthContextValue } from '../../src/auth/AuthProvider';
import { APIProvider } from '../../src/query/APIProvider';
import { createFakeBackend } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { renderRouter } from './support/renderRouter';

const auth = { current: {} as Partial<AuthContextValue> };

const base = 'http://api.test';
const backend = createFakeBackend({ currentUserId: null });
const server = setupServer(...backend.handlers(base));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  backend.reset();
});
afterAll(() => server.close());
beforeEach(() => {
  auth.current = { user: null, isLoading: false, isAuthenticated: false, error: null, signIn: vi.fn(), signOut: vi.fn() };
});

function renderHome() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRouter(routeTree, '/', (router) => (
    <AuthContext.Provider value={auth.current as AuthContextValue}>
      <APIProvider baseUrl={base} queryClient={queryClient}>
        {router}
      </APIProvider>
    </AuthContext.Provider>
  ));
}

const publicForms = async (screen: Awaited<ReturnType<typeof renderHome>>['screen']) =>
  within(await screen.findByRole('region', { name: 'Public forms' }));

describe('public home: the public forms', () => {
  it("lists each public form of the anonymous read with a 'Fill in' link to its public page in edit mode", async () => {
    const { screen } = await renderHome();
    const list = await publicForms(screen);
    const link = await list.findByRole('link', { name: 'Fill in Contact Request' });
    expect(link).toHaveAttribute('href', `/form-instance/${seedIds.formSchemas.contactRequestV1}?mode=edit`);
    expect(list.getByText('Public contact form.')).toBeInTheDocument();
    // Only public schemas: the seeded forms that are not public are not listed.
    expect(list.getAllByRole('link')).toHaveLength(1);
    expect(backend.requests.every((r) => r.userId === null)).toBe(true);
  });

  it("writes its secondary texts in the text colour: Mantine's dimmed grey reads 3.3:1 on white (under 4.5:1)", async () => {
    const { screen } = await renderHome();
    const list = await publicForms(screen);
    const texts = [
      await list.findByText('Public contact form.'),
      screen.getByText('Public form links work without signing in. The admin area needs an account.'),
    ];
    for (const text of texts) expect(text.style.color).not.toContain('dimmed');
  });

  it('lists one entry per form, its newest public version', async () => {
    for (const s of backend.db.formSchemas) if (s.formId === seedIds.forms.expenseClaim) s.isPublic = true;
    const { screen } = await renderHome();
    const list = await publicForms(screen);
    const link = await list.findByRole('link', { name: 'Fill in Expense Claim' });
    expect(link).toHaveAttribute('href', `/form-instance/${seedIds.formSchemas.expenseClaimV2}?mode=edit`);
    expect(list.getAllByRole('link', { name: 'Fill in Expense Claim' })).toHaveLength(1);
  });

  it('leaves out a public form that was deleted', async () => {
    backend.db.forms.find((f) => f.formId === seedIds.forms.contactRequest)!.isDeleted = true;
    const { screen } = await renderHome();
    const list = await publicForms(screen);
    expect(await list.findByText('No form is public at the moment.')).toBeInTheDocument();
  });
});
