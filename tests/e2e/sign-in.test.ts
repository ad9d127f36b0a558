import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, signInAtProvider, startStack, storedAccessToken } from './stack';
import type { Stack } from './stack';

let stack: Stack;
beforeAll(async () => {
  // Tokens live 70 s, so the client renews them 10 s after sign-in (60 s expiring notice).
  stack = await startStack({ accessTokenTtlSeconds: 70 });
});
afterAll(async () => {
  await stack?.stop();
});

describe('sign-in through the real identity provider', () => {
  it('the administrator signs in, returns to the page they asked for, and sees the admin menu; a renewed token is used by the next call', async () => {
    const { context, page, errors } = await newPage(stack.browser);
    const authHeaders: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${stack.url}/api/`)) authHeaders.push(request.headers().authorization ?? '');
    });

    // The callback page shows its success for 600 ms before it redirects: too short for a locator to be sure to see it
    // on a busy machine. The page itself records what it showed (in the tab's session storage, which the redirect keeps).
    await page.addInitScript(() => {
      if (!location.pathname.startsWith('/authentication/')) return;
      const observer = new MutationObserver(() => {
        const text = document.body?.innerText ?? '';
        if (!text.includes('You have successfully logged in')) return;
        sessionStorage.setItem('e2e-callback-text', text);
        observer.disconnect();
      });
      observer.observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`${stack.url}/admin/form-builder/`);
    // Sent to the provider's login page, not the app.
    await signInAtProvider(page, 'admin', 'admin-password');
    await page.waitForURL(`${stack.url}/admin/form-builder/`);
    const callbackText = await page.evaluate(() => sessionStorage.getItem('e2e-callback-text'));
    expect(callbackText).toContain('Signed in');
    expect(callbackText).toContain('You have successfully logged in. Redirecting…');
    const menu = page.getByRole('navigation', { name: 'Admin menu' });
    await menu.getByRole('link', { name: 'Form Builder' }).waitFor();
    for (const entry of ['Form Groups', 'Form Instances', 'Form Preview', 'Forms', 'Form Schemas', 'Signing', 'Role Management', 'User & Role Management']) {
      expect(await menu.getByRole('link', { name: entry, exact: true }).count()).toBe(1);
    }
    // The code and state never stay in the address bar.
    expect(page.url()).not.toContain('code=');

    // Automatic renewal through the refresh token, then the next API call carries the new token.
    const first = await storedAccessToken(page);
    expect(first).toBeTruthy();
    expect(authHeaders).toContain(`Bearer ${first}`);
    await expect.poll(() => storedAccessToken(page), { timeout: 45_000, interval: 500 }).not.toBe(first);
    const renewed = await storedAccessToken(page);
    await page.getByRole('link', { name: 'Form Groups' }).click();
    await page.waitForURL(`${stack.url}/admin/form-group/`);
    await expect.poll(() => authHeaders.includes(`Bearer ${renewed}`), { timeout: 15_000 }).toBe(true);
    const after = authHeaders.slice(authHeaders.indexOf(`Bearer ${renewed}`));
    expect(after.every((h) => h === `Bearer ${renewed}`)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the read-only user sees no admin menu, and the server refuses an admin call with 403', async () => {
    const { context, page, errors } = await newPage(stack.browser);
    await page.goto(`${stack.url}/admin/`);
    await signInAtProvider(page, 'reader', 'reader-password');
    await page.waitForURL(`${stack.url}/admin/`);
    // The server's admin check has answered 'no': the page says so instead of showing the admin area.
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Admin menu' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Role Management' }).count()).toBe(0);

    const token = await storedAccessToken(page);
    expect(token).toBeTruthy();
    const status = await page.evaluate(async (bearer) => {
      const response = await fetch(
        '/api/Claim/ClaimGroupsList?includeClaims=true&IncludeApplicationUserGroups=false&IncludeApplicationUsers=false&includeClaimGroups=true',
        { headers: { authorization: `Bearer ${bearer}` } },
      );
      return response.status;
    }, token);
    expect(status).toBe(403);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a broken callback shows the failure texts, and 'Try again' starts a new sign-in with the login prompt", async () => {
    const { context, page } = await newPage(stack.browser);
    await page.goto(`${stack.url}/authentication/login-callback?code=forged-code&state=forged-state`);
    await page.getByText('Sign in failed').waitFor();
    await page.getByText("We couldn't sign you in. Please try again.").waitFor();
    expect(await storedAccessToken(page)).toBeNull();

    const authorize = page.waitForRequest((r) => r.url().startsWith(stack.server.issuerUrl) && r.url().includes('prompt=login'));
    await page.getByRole('button', { name: 'Try again' }).click();
    await authorize;
    await page.getByLabel('Username').waitFor();
    expect(page.url().startsWith(stack.server.issuerUrl)).toBe(true);
    await context.close();
  });
});

describe('Role Management against the reference backend', () => {
  it('the administrator creates a claim group, and it is still there after a reload', async () => {
    const { context, page, errors } = await newPage(stack.browser);
    await page.goto(`${stack.url}/admin/auth/assign-claims-to-roles`);
    await signInAtProvider(page, 'admin', 'admin-password');
    await page.waitForURL(`${stack.url}/admin/auth/assign-claims-to-roles`);
    await page.getByRole('heading', { level: 1, name: 'Role Management' }).waitFor();

    const name = `Auditors ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Group name' }).fill(name);
    await page.getByRole('button', { name: 'Create Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Group Created Successfully' });
    await dialog.getByText(`Role group '${name}' has been created successfully.`).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.reload();
    await page.getByRole('combobox', { name: 'Claim group' }).click();
    await page.getByRole('option', { name, exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('User & Role Management against the reference backend', () => {
  // Runs last: it changes what the read-only user may do.
  it('the administrator gives the read-only user the Form Editors role, and that user then gets the admin area', async () => {
    const admin = await newPage(stack.browser);
    await admin.page.goto(`${stack.url}/admin/auth/assign-roles-to-users`);
    await signInAtProvider(admin.page, 'admin', 'admin-password');
    await admin.page.waitForURL(`${stack.url}/admin/auth/assign-roles-to-users`);
    await admin.page.getByRole('heading', { level: 1, name: 'User & Role Management' }).waitFor();

    // Full Sync brings in the identity provider's accounts, including one that never signed in.
    await admin.page.getByRole('button', { name: 'Full Sync' }).click();
    await admin.page.getByRole('button', { name: 'Full Sync' }).waitFor();
    await admin.page.getByRole('combobox', { name: 'User', exact: true }).click();
    await admin.page.getByRole('option', { name: 'Rita Reader', exact: true }).click();

    const panel = admin.page.getByRole('region', { name: /User: Rita Reader$/ });
    await panel.getByRole('combobox', { name: 'Claim groups' }).click();
    await admin.page.getByRole('option', { name: 'Form Editors', exact: true }).click();
    await admin.page.keyboard.press('Escape');
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Permission changes' });
    await dialog.getByText(/Form Editors/).first().waitFor();
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    // The reader signs in afresh: the server's claims cache was cleared by the change.
    const reader = await newPage(stack.browser);
    await reader.page.goto(`${stack.url}/admin/`);
    await signInAtProvider(reader.page, 'reader', 'reader-password');
    await reader.page.waitForURL(`${stack.url}/admin/`);
    const menu = reader.page.getByRole('navigation', { name: 'Admin menu' });
    await menu.getByRole('link', { name: 'Forms', exact: true }).waitFor();
    expect(await menu.getByRole('link', { name: 'Role Management', exact: true }).count()).toBe(0);
    expect(reader.errors).toEqual([]);
    await reader.context.close();
  });
});
