import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, signInAtProvider, startStack } from './stack';
import type { Stack } from './stack';

// Walking the Signing screen on a phone (390 px wide) in Chromium: the signer row of 'Request a signature' laid its
// name, email, order and buttons on one line, which left the name and email boxes about 50 px wide. The row wraps.

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('Request a signature on a phone', () => {
  it('the name and email boxes of a signer stay wide enough to read what is typed', async () => {
    const { context, page, errors } = await newPage(stack.browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.url}/admin/signing/`);
    await signInAtProvider(page, 'admin', 'admin-password');
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
});
