import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, storedAccessToken } from './stack';
import type { Stack } from './stack';
import { SHARED_SIGN_IN_TTL_SECONDS, signedInState, type StorageState } from './support/signed-in';

// Walking the Signing screen in Chromium. On a phone (390 px wide) the signer row of 'Request a signature' laid its
// name, email, order and buttons on one line, which left the name and email boxes about 50 px wide: the row wraps. On
// a wide screen the envelope's status badge read 'S…' (Sent) and 'COMP…' (Completed) in its narrow column.

let stack: Stack;
/** The administrator signed in once; each test opens the Signing screen signed in from it. */
let admin: StorageState;

beforeAll(async () => {
  stack = await startStack({ accessTokenTtlSeconds: SHARED_SIGN_IN_TTL_SECONDS });
  admin = await signedInState(stack.browser, `${stack.url}/admin/signing/`, 'admin', 'admin-password');
});

/** A page of a new context signed in as the administrator, whose page errors fail the test that reads them. */
async function adminPage(viewport: { width: number; height: number }) {
  const context = await stack.browser.newContext({ storageState: admin, viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}
afterAll(async () => {
  await stack?.stop();
});

describe('the Signing screen in Chromium', () => {
  it('the name and email boxes of a signer stay wide enough to read what is typed', async () => {
    const { context, page, errors } = await adminPage({ width: 390, height: 844 });
    await page.goto(`${stack.url}/admin/signing/`);
    await page.getByRole('button', { name: 'Request a signature' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Request a signature' });
    const row = dialog.getByRole('group', { name: 'Signer 1' });
    const dialogBox = await dialog.boundingBox();
    expect(dialogBox).not.toBeNull();
    for (const name of ['Name', 'Email']) {
      const box = await row.getByRole('textbox', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      // At least half the dialog's width: the row used to give each about 50 px of 350.
      expect(box!.width, name).toBeGreaterThan(dialogBox!.width / 2);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(dialogBox!.x + dialogBox!.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the status of an envelope is written in full on a wide screen', async () => {
    const { context, page, errors } = await adminPage({ width: 1280, height: 900 });
    await page.goto(`${stack.url}/admin/signing/`);
    await page.getByRole('button', { name: 'Request a signature' }).waitFor({ timeout: 30_000 });
    const token = await storedAccessToken(page);
    const instances = (await (
      await fetch(`${stack.url}/odata/FormInstanceOData?$top=1`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { value: { formInstanceId: string }[] };
    const formInstanceId = instances.value[0]?.formInstanceId;
    expect(formInstanceId).toBeDefined();
    const requested = await fetch(`${stack.url}/api/Signing/RequestSignature`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ formInstanceId, signers: [{ name: 'Sam Signer', email: 'sam@example.org' }] }),
    });
    expect(requested.status).toBe(200);
    await page.reload();
    const badge = page.getByRole('table').locator('tbody .mantine-Badge-root').first();
    await badge.waitFor({ timeout: 30_000 });
    expect(await badge.textContent()).toBe('Sent');
    // The label is cut (an ellipsis) when it is narrower than its text.
    const cut = await badge.locator('.mantine-Badge-label').evaluate((label) => label.scrollWidth - label.clientWidth);
    expect(cut).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
