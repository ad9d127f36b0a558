// @vitest-environment node
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.mjs';
import { bundlePage, openPage } from './browser/page';

/** Light fields whose box is inside the viewport. */
function liteInView(page: Page): Promise<number> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-lite]')].filter((e) => {
      const r = e.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight;
    }).length,
  );
}

describe('FormRenderer in Chromium: a 1000-field form mounts progressively', () => {
  let browser: Browser | undefined;
  let page: Page;
  beforeAll(async () => {
    const bundled = await bundlePage(join(__dirname, 'browser/progressive-page.tsx'));
    browser = await launchChromium();
    ({ page } = await openPage(browser, bundled));
    await page.waitForSelector('#f-g100f10');
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('has every field in the DOM, labelled, with Mantine widgets on screen and light controls below', async () => {
    const counts = await page.evaluate(() => ({
      fields: [...document.querySelectorAll('[id^="f-g"]')].filter((e) => /^f-g\d+f\d+$/.test(e.id)).length,
      lite: document.querySelectorAll('[data-lite]').length,
      labelled: [...document.querySelectorAll('input:not([type="hidden"]), select')].every(
        (e) => e.closest('label') || document.querySelector(`label[for="${e.id}"]`) || e.closest('fieldset')?.querySelector('legend'),
      ),
    }));
    expect(counts.fields).toBe(1000);
    expect(counts.lite).toBeGreaterThan(800);
    expect(counts.labelled).toBe(true);
    await page.waitForFunction(() => true);
    await expect.poll(() => liteInView(page)).toBe(0);
  });

  it('finds text of any field with find-in-page', async () => {
    expect(await page.evaluate(() => (window as unknown as { find: (s: string) => boolean }).find('Text 77.3'))).toBe(true);
  });

  it('upgrades sections as they come near the viewport', async () => {
    await page.evaluate(() => document.getElementById('f-g60f1')!.scrollIntoView());
    await expect.poll(() => liteInView(page)).toBe(0);
    expect(await page.evaluate(() => document.getElementById('f-g60f1')!.closest('[data-lite]'))).toBeNull();
    expect(await page.evaluate(() => document.getElementById('f-g95f1')!.closest('[data-lite]') !== null)).toBe(true);
  });

  it('a light control far down takes typing, keeps the caret, and becomes a widget once left', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.focus('#f-g99f2');
    await page.keyboard.type('hello');
    expect(await page.evaluate(() => window.__engine.getValue('/group99/field2'))).toBe('hello');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-g99f2');
    expect(await page.inputValue('#f-g99f2')).toBe('hello');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.getElementById('f-g99f2')?.closest('[data-lite]') === null)).toBe(true);
    expect(await page.inputValue('#f-g99f2')).toBe('hello');
  });
});
