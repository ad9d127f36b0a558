// @vitest-environment node
import { build } from 'esbuild';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium.mjs';
import { XSS_PAYLOADS } from './xss-payloads';

/**
 * A corpus of at least 100 XSS payloads placed in every text property of a schema runs no script in
 * Chromium — in edit mode with every error message showing, and in view mode with the payloads as answers too.
 */
describe('FormRenderer in Chromium: XSS payloads never run', () => {
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
  });

  it('renders the whole corpus without one script running', async () => {
    const bundle = await build({
      entryPoints: [join(__dirname, 'browser/xss-page.tsx')],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      jsx: 'automatic',
      minify: false,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
      loader: { '.css': 'empty' },
    });
    const script = bundle.outputFiles[0]!.text;
    browser = await launchChromium();
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const outside: string[] = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url === 'http://xss.test/') {
        return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><body><div id="root"></div><script src="/page.js"></script></body></html>' });
      }
      if (url === 'http://xss.test/page.js') return route.fulfill({ contentType: 'text/javascript', body: script });
      // A payload that made the browser fetch something (an image, a frame) was parsed as HTML.
      outside.push(url);
      return route.abort();
    });
    await page.goto('http://xss.test/');
    await page.waitForFunction(() => window.__done === true, undefined, { timeout: 60_000 });
    const result = await page.evaluate(() => ({ hits: window.__xssHits, renders: window.__renders, error: window.__error }));
    expect(result.error).toBeNull();
    expect(result.renders).toBe(Math.ceil(XSS_PAYLOADS.length / 9) * 2);
    expect(result.hits).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(outside).toEqual([]);
  }, 120_000);
});
