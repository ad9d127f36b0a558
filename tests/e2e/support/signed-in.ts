/**
 * One sign-in shared by the tests of a file that need a signed-in page but do not test signing in. Signing in through
 * the provider's login page (the app, the redirect to the provider, its form, the redirect back, the code exchange and
 * the app again) is repeated by every test that does it; a context started from the storage state of one sign-in
 * (the provider's session cookie and the tokens the app keeps in local storage) opens the app signed in at once.
 *
 * The access token must outlive the file: contexts started from the same state hold the same refresh token, and the
 * provider rotates refresh tokens, so a second context renewing with it would be refused. A file that shares a
 * sign-in starts its stack with an access token lifetime longer than the file runs (see `SHARED_SIGN_IN_TTL_SECONDS`).
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { signInAtProvider } from '../stack';

/** What `BrowserContext#storageState` returns, and `Browser#newContext({ storageState })` takes. */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** An access token lifetime (seconds) for a stack whose tests share one sign-in: no renewal while the file runs. */
export const SHARED_SIGN_IN_TTL_SECONDS = 3600;

/**
 * Signs `username` in at `url` (a page of the app that asks for a sign-in) in a context of its own, waits until the
 * app is back at `url` holding an access token, and returns the context's storage state. The context is closed.
 */
export async function signedInState(browser: Browser, url: string, username: string, password: string): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await signInAtProvider(page, username, password);
    await page.waitForURL(url, { timeout: 30_000 });
    // In a hook, not a test: waited for in the page (where the app keeps its tokens, see stack's storedAccessToken).
    await page.waitForFunction(
      () => Object.keys(localStorage).some((key) => key.startsWith('oidc.user:') && JSON.parse(localStorage.getItem(key) ?? '{}').access_token),
      undefined,
      { timeout: 30_000 },
    );
    return await context.storageState();
  } finally {
    await context.close();
  }
}
