// @vitest-environment node
/**
 * The signature widget's drawing pad in Chromium (a real canvas; jsdom has none): a stroke drawn with pointer events
 * stores a PNG data URL holding that stroke, a tap alone stores nothing, and Clear removes the answer and the ink.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.mjs';
import { bundlePage, openPage } from './browser/page';

const PAD = 'canvas[role="img"]';

/** Dark pixels of a PNG data URL (decoded in the page), or of the pad itself when no URL is given. */
function inkOf(page: Page, url: string | null): Promise<number> {
  return page.evaluate(async ({ url, pad }) => {
    const source = document.querySelector<HTMLCanvasElement>(pad)!;
    const canvas = document.createElement('canvas');
    canvas.width = source.width;
    canvas.height = source.height;
    const context = canvas.getContext('2d')!;
    if (url) {
      const image = new Image();
      image.src = url;
      await image.decode();
      context.drawImage(image, 0, 0);
    } else context.drawImage(source, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if ((data[i + 3] as number) > 128 && (data[i] as number) < 100) dark++;
    return dark;
  }, { url, pad: PAD });
}

const stored = (page: Page) => page.evaluate(() => window.__engine.getValue('/signature') as string | undefined);

describe('signature pad in Chromium', () => {
  let browser: Browser | undefined;
  let page: Page;
  beforeAll(async () => {
    const bundled = await bundlePage(join(__dirname, 'browser/signature-page.tsx'));
    browser = await launchChromium();
    ({ page } = await openPage(browser, bundled));
    await page.getByRole('button', { name: 'Draw' }).click();
    await page.waitForSelector(PAD);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('a tap without a stroke stores nothing', async () => {
    const box = (await page.locator(PAD).boundingBox())!;
    await page.mouse.click(box.x + 50, box.y + 50);
    expect(await stored(page)).toBeUndefined();
    expect(await page.getByRole('button', { name: 'Clear' }).isDisabled()).toBe(true);
  });

  it('drawing a stroke stores a PNG data URL holding the stroke', async () => {
    const box = (await page.locator(PAD).boundingBox())!;
    await page.mouse.move(box.x + 40, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 40 + i * 25, box.y + box.height / 2 + (i % 2 ? 20 : -20));
    // Not stored while the pointer is down: the value changes once per stroke.
    expect(await stored(page)).toBeUndefined();
    await page.mouse.up();
    const value = await stored(page);
    expect(value).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(await inkOf(page, value as string)).toBeGreaterThan(200);
    expect(await page.locator(PAD).getAttribute('aria-label')).toBe('Signature drawn');
    // A later stroke adds to the same drawing.
    await page.mouse.move(box.x + 60, box.y + 20);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + box.height - 20, { steps: 6 });
    await page.mouse.up();
    const second = await stored(page);
    expect(second).not.toBe(value);
    expect(await inkOf(page, second as string)).toBeGreaterThan(await inkOf(page, value as string));
    // Moving with no button pressed draws nothing.
    await page.mouse.move(box.x + 300, box.y + 30, { steps: 6 });
    expect(await stored(page)).toBe(second);
  });

  it('Clear removes the answer and wipes the pad', async () => {
    expect(await inkOf(page, null)).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Clear' }).click();
    expect(await stored(page)).toBeUndefined();
    expect(await page.evaluate(() => 'signature' in window.__engine.getData())).toBe(false);
    expect(await inkOf(page, null)).toBe(0);
    expect(await page.locator(PAD).getAttribute('aria-label')).toBe('Signature pad: draw with a mouse, finger or pen');
    expect(await page.getByRole('button', { name: 'Clear' }).isDisabled()).toBe(true);
  });

  it('a cancelled gesture ends the stroke: what was drawn is kept, later moves draw nothing', async () => {
    const box = (await page.locator(PAD).boundingBox())!;
    await page.mouse.move(box.x + 40, box.y + 40);
    await page.mouse.down();
    await page.mouse.move(box.x + 200, box.y + 100, { steps: 8 });
    // What a browser sends when it takes a touch over for scrolling.
    await page.locator(PAD).dispatchEvent('pointercancel', { pointerId: 1, pointerType: 'mouse', isPrimary: true });
    const kept = await stored(page);
    expect(kept).toMatch(/^data:image\/png;base64,/);
    const ink = await inkOf(page, null);
    await page.mouse.move(box.x + 400, box.y + 30, { steps: 8 });
    await page.mouse.up();
    expect(await stored(page)).toBe(kept);
    expect(await inkOf(page, null)).toBe(ink);
  });
});
