import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { defaultLabels as L, fillLabel } from '../../src/query/labels';
import { newPage, signInAtProvider, startStack } from './stack';
import type { Stack } from './stack';

// Keyboard dragging in the form builder with real layout (Chromium): dnd-kit's keyboard sensor moves between the
// rectangles it measures, which jsdom does not have. Space picks an item up, the arrow keys move it, Space drops it;
// each step is said in our labels through dnd-kit's live region.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** What dnd-kit's live region says now. */
const said = (page: Page) => page.evaluate(() => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '');

/**
 * Presses ArrowDown (ArrowUp with `key`; at most `max` times) until the live region says `text`. After each press it
 * waits for the live region to say the move (up to 2 s: a move that ends where it was says nothing new).
 */
async function downUntil(page: Page, text: string, max = 12, key: 'ArrowDown' | 'ArrowUp' = 'ArrowDown'): Promise<void> {
  for (let i = 0; i < max; i++) {
    const before = await said(page);
    await page.keyboard.press(key);
    await page
      .waitForFunction((previous) => (document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '') !== previous, before, { timeout: 2000 })
      .catch(() => {});
    if ((await said(page)).includes(text)) return;
  }
  throw new Error(`The live region never said '${text}' (it said '${await said(page)}')`);
}

describe('the form builder, keyboard dragging in Chromium', () => {
  it('drags a field into the next page\'s section and a section onto the end of that page, each one undo step', async () => {
    const { page, context, errors } = await newPage(stack.browser);
    try {
      await page.goto(`${stack.url}/admin/form-builder/`);
      await signInAtProvider(page, 'admin', 'admin-password');
      await page.getByRole('heading', { level: 1, name: L.fbTitleNew }).waitFor({ timeout: 30_000 });
      const palette = page.getByRole('navigation', { name: L.fbPalette });
      const canvas = page.getByRole('region', { name: L.fbCanvas });
      const add = (name: string) => palette.getByRole('button', { name: fillLabel(L.fbAddNamed, { name }), exact: true }).click();
      const pageRegion = (n: number) => canvas.getByRole('region', { name: fillLabel(L.fbPageNamed, { name: `Page ${n}` }), exact: true });
      const fieldsOn = (n: number) =>
        pageRegion(n)
          .getByRole('button', { name: /^Field / })
          .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
      await add('Short text');
      await add('Email');
      await add(L.fbPage);
      await expect.poll(() => canvas.getByRole('region', { name: /^Page Page / }).count()).toBe(2);

      // The field: picked up, moved down onto page 2's empty section, dropped.
      await pageRegion(1).getByRole('button', { name: 'Field Email', exact: true }).focus();
      await page.keyboard.press('Space');
      await expect.poll(() => said(page)).toContain('Picked up Field Email.');
      await downUntil(page, 'Field Email is over Section Section 1.');
      await page.keyboard.press('Space');
      await expect.poll(() => fieldsOn(2)).toEqual(['Field Email']);
      expect(await fieldsOn(1)).toEqual(['Field Short text']);
      expect(await said(page)).toContain('Field Email was dropped on Section Section 1.');
      // Drawn anew in its new section, the field has the focus again (not the page's body).
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Field Email');
      await page.keyboard.press('Control+z');
      await expect.poll(() => fieldsOn(1)).toEqual(['Field Short text', 'Field Email']);
      expect(await fieldsOn(2)).toEqual([]);

      // The section: picked up by its handle, moved down to the end of page 2, dropped.
      await pageRegion(1).getByRole('button', { name: 'Section Section 1', exact: true }).focus();
      await page.keyboard.press('Space');
      await expect.poll(() => said(page)).toContain('Picked up Section Section 1.');
      await downUntil(page, 'Section Section 1 is over End of Page Page 2.');
      await page.keyboard.press('Space');
      await expect.poll(() => fieldsOn(2)).toEqual(['Field Short text', 'Field Email']);
      expect(await fieldsOn(1)).toEqual([]);
      await expect.poll(() => pageRegion(1).getByText(L.fbPageEmpty).count()).toBe(1);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Section Section 1');
      await page.keyboard.press('Control+z');
      await expect.poll(() => fieldsOn(1)).toEqual(['Field Short text', 'Field Email']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('drags a section into another section (one level down, said with its level), and back out, each one undo step', async () => {
    const { page, context, errors } = await newPage(stack.browser);
    try {
      await page.goto(`${stack.url}/admin/form-builder/`);
      await signInAtProvider(page, 'admin', 'admin-password');
      await page.getByRole('heading', { level: 1, name: L.fbTitleNew }).waitFor({ timeout: 30_000 });
      const palette = page.getByRole('navigation', { name: L.fbPalette });
      const canvas = page.getByRole('region', { name: L.fbCanvas });
      const add = (name: string) => palette.getByRole('button', { name: fillLabel(L.fbAddNamed, { name }), exact: true }).click();
      const handle = (name: string) => canvas.getByRole('button', { name: `Section ${name}`, exact: true });
      /** The title of the section whose frame holds a section's frame, or null for a page's own section. */
      const parentOf = (name: string) =>
        handle(name).evaluate((el) => el.closest('[data-builder-section]')?.parentElement?.closest('[data-builder-section]')?.querySelector('h3, h4, h5, h6')?.textContent ?? null);
      await add('Short text');
      await add(L.fbSection);
      await handle('Section 2').waitFor();
      expect(await parentOf('Section 2')).toBeNull();

      await handle('Section 2').focus();
      await page.keyboard.press('Space');
      await expect.poll(() => said(page)).toContain('Picked up Section Section 2.');
      await downUntil(page, 'Section Section 2 is over Inside Section Section 1, level 2.', 8, 'ArrowUp');
      await page.keyboard.press('Space');
      await expect.poll(() => parentOf('Section 2')).toBe('Section 1');
      expect(await canvas.getByRole('heading', { name: 'Section 2', level: 4 }).count()).toBe(1);
      await page.keyboard.press('Control+z');
      await expect.poll(() => parentOf('Section 2')).toBeNull();
      await page.keyboard.press('Control+Shift+z');
      await expect.poll(() => parentOf('Section 2')).toBe('Section 1');

      // Out again: down onto the end of the page.
      await handle('Section 2').focus();
      await page.keyboard.press('Space');
      await downUntil(page, 'Section Section 2, level 2 is over End of Page Page 1.');
      await page.keyboard.press('Space');
      await expect.poll(() => parentOf('Section 2')).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
