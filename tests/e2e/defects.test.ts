import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, signInAtProvider, storedAccessToken } from './stack';
import { startStack } from './stack';
import type { Stack } from './stack';

// Sign-out, the last administrator, and admin routes gated like their menu entries, walked as a person would in Chromium against the real provider and server.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** The refresh token oidc-client-ts keeps in local storage, or null. */
async function storedRefreshToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith('oidc.user:')) return (JSON.parse(localStorage.getItem(key) ?? '{}') as { refresh_token?: string }).refresh_token ?? null;
    }
    return null;
  });
}

/** Asks the provider's token endpoint for a new access token with `refreshToken`: the HTTP status. */
async function refreshStatus(refreshToken: string): Promise<number> {
  const discovery = (await (await fetch(`${stack.server.issuerUrl}/.well-known/openid-configuration`)).json()) as { token_endpoint: string };
  const oidcConfig = (await (await fetch(`${stack.url}/api/Claim/GetOIDCConfig`)).json()) as { clientId: string };
  const response = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: stack.url },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: oidcConfig.clientId }),
  });
  return response.status;
}

describe('1. sign-out signs out', () => {
  it('the administrator signs out from the header: the provider session ends, the refresh token is revoked, and the next admin visit asks for a password', async () => {
    const { context, page, errors } = await newPage(stack.browser);
    await page.goto(`${stack.url}/admin/`);
    await signInAtProvider(page, 'admin', 'admin-password');
    await page.getByRole('navigation', { name: 'Admin menu' }).waitFor();
    const refreshToken = await storedRefreshToken(page);
    expect(refreshToken).toBeTruthy();
    const discovery = (await (await fetch(`${stack.server.issuerUrl}/.well-known/openid-configuration`)).json()) as { revocation_endpoint: string };

    const signInRequests: string[] = [];
    const revocations: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(`${stack.server.issuerUrl}/auth`)) signInRequests.push(r.url());
      if (r.url() === discovery.revocation_endpoint && r.method() === 'POST') revocations.push(r.postData() ?? '');
    });
    const endSession: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(`${stack.server.issuerUrl}/session/end`)) endSession.push(r.url());
    });
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    // End-session with id_token_hint: the person chose 'Sign out' already, so the provider does not ask again.
    await page.waitForURL(`${stack.url}/signed-out`);
    expect(endSession[0]).toContain('id_token_hint=');
    expect(revocations).toHaveLength(1);
    expect(new URLSearchParams(revocations[0]).get('token_type_hint')).toBe('refresh_token');
    await page.getByRole('heading', { name: 'Signed out' }).waitFor();
    await page.getByText('You have been signed out.').waitFor();
    expect(signInRequests).toEqual([]);
    expect(await storedAccessToken(page)).toBeNull();
    // A copy of the refresh token renews nothing any more.
    expect(await refreshStatus(refreshToken!)).toBe(400);

    // The next visit to an admin page stops at the provider's login form: no silent sign-in.
    await page.goto(`${stack.url}/admin/auth/assign-claims-to-roles`);
    await page.getByLabel('Username').waitFor();
    expect(page.url().startsWith(stack.server.issuerUrl)).toBe(true);
    expect(await storedAccessToken(page)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the read-only user signs out from the 'No access' page and can sign in as someone else", async () => {
    const { context, page, errors } = await newPage(stack.browser);
    await page.goto(`${stack.url}/admin/`);
    await signInAtProvider(page, 'reader', 'reader-password');
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${stack.url}/signed-out`);
    await page.getByRole('button', { name: 'Sign in again' }).click();
    await signInAtProvider(page, 'admin', 'admin-password');
    await page.waitForURL(`${stack.url}/admin/`);
    await page.getByRole('navigation', { name: 'Admin menu' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('2. an administrator cannot lock everyone out', () => {
  it("clearing the 'Administrators' role is refused with the reason, and the administrator keeps access", async () => {
    const { context, page, errors } = await newPage(stack.browser);
    await page.goto(`${stack.url}/admin/auth/assign-claims-to-roles`);
    await signInAtProvider(page, 'admin', 'admin-password');
    await page.getByRole('heading', { level: 1, name: 'Role Management' }).waitFor();
    await page.getByRole('combobox', { name: 'Claim group' }).click();
    await page.getByRole('option', { name: 'Administrators', exact: true }).click();

    // The built-in role cannot be deleted: the button says why.
    const deleteButton = page.getByRole('button', { name: /^Delete/ }).first();
    expect(await deleteButton.isDisabled() || (await deleteButton.getAttribute('aria-disabled')) === 'true').toBe(true);

    const panel = page.getByRole('region', { name: /Configure Role/ });
    await panel.getByRole('button', { name: 'Clear All' }).first().click();
    const confirm = page.getByRole('dialog', { name: 'Clear all selected items?' });
    await confirm.getByRole('button', { name: 'Clear All' }).click();
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    // Asked first: this removes the caller's own admin access.
    const warning = page.getByRole('dialog', { name: 'Remove your own administrator access?' });
    await warning.getByRole('button', { name: 'Save anyway' }).click();
    // Refused by the server, with a reason a person can act on.
    await page.getByText('Could not save the changes').waitFor();
    await page.getByText(/built-in role and cannot be left without permissions|would leave no enabled user with full administrator access/).first().waitFor();
    expect(await page.getByText('An unexpected server error occurred.').count()).toBe(0);

    await page.reload();
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Role Management', exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'No access' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('3. admin routes are gated like their menu entries', () => {
  it("the editor types the permission screens' URLs and gets 'No access', not a screen that cannot load", async () => {
    const { context, page, errors } = await newPage(stack.browser);
    await page.goto(`${stack.url}/admin/`);
    await signInAtProvider(page, 'editor', 'editor-password');
    const menu = page.getByRole('navigation', { name: 'Admin menu' });
    await menu.getByRole('link', { name: 'Form Builder' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Role Management', exact: true }).count()).toBe(0);

    for (const [path, screenName] of [
      ['/admin/auth/assign-claims-to-roles', 'Role Management'],
      ['/admin/auth/assign-roles-to-users', 'User & Role Management'],
    ] as const) {
      await page.goto(`${stack.url}${path}`);
      await page.getByRole('heading', { name: 'No access' }).waitFor();
      await page.getByText(`Your account does not have access to ${screenName}.`, { exact: false }).waitFor();
      expect(await page.getByText('Failed to load claim groups. Please try again.').count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1, name: screenName, exact: true }).count()).toBe(0);
    }
    // A screen in their menu opens.
    await menu.getByRole('link', { name: 'Form Builder' }).click();
    await page.getByRole('heading', { level: 1, name: 'New form' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
