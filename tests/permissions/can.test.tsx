import { QueryClient } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ButtonClaim, ClaimTypeFlags, MenuClaim, Permission } from '../../src/api/enums';
import { Can, resolveClaimValue, useCan } from '../../src/permissions';
import { APIProvider } from '../../src/query/APIProvider';
import { createFakeBackend } from '../../src/testing';

const base = 'http://api.test';
const catalogue = [
  { claimType: ClaimTypeFlags.ServerClaim, claimEntries: [{ key: 'Form_Add', value: Permission.Form_Add }] },
  {
    claimType: ClaimTypeFlags.UXClaim,
    claimEntries: [
      { key: 'CreateForm_AllowRead', value: ButtonClaim.CreateForm_AllowRead },
      { key: 'Signing_AllowRead', value: MenuClaim.Signing_AllowRead },
    ],
  },
];
let mine: number[] = [];
const server = setupServer(
  http.get(`${base}/api/Claim/GetMyClaims`, () => HttpResponse.json(mine)),
  http.get(`${base}/api/Claim/GetClaimEntriesForClaimTypes`, ({ request }) => {
    expect(new URL(request.url).searchParams.get('flags')).toBe('7');
    return HttpResponse.json(catalogue);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const wrapper = ({ children }: { children: ReactNode }) => (
  <APIProvider baseUrl={base} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </APIProvider>
);

describe('resolveClaimValue', () => {
  it('resolves a key to the server number', () => {
    expect(resolveClaimValue(catalogue, 'Signing_AllowRead')).toBe(MenuClaim.Signing_AllowRead);
  });
  it.each([undefined, '', 'Nope_AllowRead'])("raises 'Claim key is undefined' for %j", (key) => {
    expect(() => resolveClaimValue(catalogue, key)).toThrow('Claim key is undefined');
  });
});

describe('useCan', () => {
  it('is loading, then answers from GetMyClaims resolved through the catalogue', async () => {
    mine = [ButtonClaim.CreateForm_AllowRead];
    const { result } = renderHook(() => ({ create: useCan('CreateForm_AllowRead'), add: useCan('Form_Add') }), { wrapper });
    expect(result.current.create).toMatchObject({ can: false, isLoading: true, reason: 'loading' });
    await waitFor(() => expect(result.current.create.isLoading).toBe(false));
    expect(result.current.create.can).toBe(true);
    expect(result.current.add).toMatchObject({ can: false, reason: 'missing-claim' });
  });

  it('lets GlobalDataAdmin satisfy every known claim, as the server does (the domain’s satisfies rule)', async () => {
    const withAdmin = [
      { ...catalogue[0], claimEntries: [...(catalogue[0]?.claimEntries ?? []), { key: 'GlobalDataAdmin', value: Permission.GlobalDataAdmin }] },
      catalogue[1],
    ];
    server.use(http.get(`${base}/api/Claim/GetClaimEntriesForClaimTypes`, () => HttpResponse.json(withAdmin)));
    mine = [Permission.GlobalDataAdmin];
    const { result } = renderHook(
      () => ({ add: useCan('Form_Add'), create: useCan('CreateForm_AllowRead'), unknown: useCan('Unknown_AllowRead') }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.add.isLoading).toBe(false));
    expect(result.current.add).toMatchObject({ can: true, error: null });
    expect(result.current.create).toMatchObject({ can: true, error: null });
    // A key the server does not know stays unknown, administrator or not.
    expect(result.current.unknown).toMatchObject({ can: false, reason: 'unknown-claim' });
  });

  it('reads GlobalDataAdmin’s number from the server’s catalogue (no such claim there: nothing is implied)', async () => {
    const elsewhere = [
      { ...catalogue[0], claimEntries: [...(catalogue[0]?.claimEntries ?? []), { key: 'GlobalDataAdmin', value: 900 }] },
      catalogue[1],
    ];
    server.use(http.get(`${base}/api/Claim/GetClaimEntriesForClaimTypes`, () => HttpResponse.json(elsewhere)));
    mine = [Permission.GlobalDataAdmin]; // 0: not GlobalDataAdmin in this server's numbering
    const first = renderHook(() => useCan('Form_Add'), { wrapper });
    await waitFor(() => expect(first.result.current.isLoading).toBe(false));
    expect(first.result.current).toMatchObject({ can: false, reason: 'missing-claim' });

    mine = [900];
    const second = renderHook(() => useCan('Form_Add'), { wrapper });
    await waitFor(() => expect(second.result.current.isLoading).toBe(false));
    expect(second.result.current.can).toBe(true);

    server.use(http.get(`${base}/api/Claim/GetClaimEntriesForClaimTypes`, () => HttpResponse.json(catalogue)));
    mine = [Permission.GlobalDataAdmin];
    const third = renderHook(() => useCan('Form_Add'), { wrapper });
    await waitFor(() => expect(third.result.current.isLoading).toBe(false));
    expect(third.result.current).toMatchObject({ can: false, reason: 'missing-claim' });
  });

  it("answers false with 'Claim key is undefined' for a key the server does not know", async () => {
    mine = [];
    const { result } = renderHook(() => useCan('Unknown_AllowRead'), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current).toMatchObject({ can: false, reason: 'unknown-claim' });
    expect(result.current.error?.message).toBe('Claim key is undefined');
  });

  it('answers false with the error when the claims fail to load', async () => {
    server.use(http.get(`${base}/api/Claim/GetMyClaims`, () => new HttpResponse('boom', { status: 500 })));
    const { result } = renderHook(() => useCan('Form_Add'), {
      wrapper: ({ children }) => (
        <APIProvider baseUrl={base} clientOptions={{ retry: { retries: 0 } }}>
          {children}
        </APIProvider>
      ),
    });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current).toMatchObject({ can: false, reason: 'error' });
  });
});

describe('Can', () => {
  it('renders the children, the fallback or the loading element', async () => {
    mine = [MenuClaim.Signing_AllowRead];
    render(
      <>
        <Can claim="Signing_AllowRead" loading={<span>checking</span>}>
          <a href="/admin/signing/">Signing</a>
        </Can>
        <Can claim="CreateForm_AllowRead" fallback={<span>no create</span>}>
          <button type="button">Create form</button>
        </Can>
      </>,
      { wrapper },
    );
    expect(screen.getAllByText('checking')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Signing' })).toBeInTheDocument();
    expect(screen.getByText('no create')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create form' })).not.toBeInTheDocument();
  });
});

describe('useCan against the fake backend of @ccq/forms-admin/testing', () => {
  it.each([
    ['admin', { FormBuilder_AllowRead: true, RoleManagement_AllowRead: true, Form_Delete: true }],
    ['editor', { FormBuilder_AllowRead: true, RoleManagement_AllowRead: false, Form_Delete: false }],
    ['reader', { FormBuilder_AllowRead: false, RoleManagement_AllowRead: false, Form_Delete: false }],
  ] as const)('answers the seeded %s’s claims, denies at higher priority included', async (user, expected) => {
    const fake = createFakeBackend({ currentUserId: user });
    server.use(...fake.handlers(base));
    const { result } = renderHook(
      () => ({
        FormBuilder_AllowRead: useCan('FormBuilder_AllowRead'),
        RoleManagement_AllowRead: useCan('RoleManagement_AllowRead'),
        Form_Delete: useCan('Form_Delete'),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.Form_Delete.isLoading).toBe(false));
    expect({
      FormBuilder_AllowRead: result.current.FormBuilder_AllowRead.can,
      RoleManagement_AllowRead: result.current.RoleManagement_AllowRead.can,
      Form_Delete: result.current.Form_Delete.can,
    }).toEqual(expected);
  });
});
