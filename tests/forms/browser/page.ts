/**
 * Bundles a test page (esbuild, production React) and serves it to a Chromium page from memory, with Mantine's CSS.
 */
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';

export interface BundledPage {
  script: string;
  css: string;
}

export async function bundlePage(entry: string): Promise<BundledPage> {
  const [js, css] = await Promise.all([
    build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      jsx: 'automatic',
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
      loader: { '.css': 'empty' },
    }),
    build({ stdin: { contents: "@import '@mantine/core/styles.css';", resolveDir: process.cwd(), loader: 'css' }, bundle: true, write: false, logLevel: 'silent' }),
  ]);
  return { script: js.outputFiles[0]!.text, css: css.outputFiles[0]!.text };
}

/** Opens the bundled page at http://test.page/#hash; any other request is refused and recorded in `outside`. */
export async function openPage(browser: Browser, bundled: BundledPage, hash = '', viewport = { width: 1280, height: 900 }): Promise<{ page: Page; outside: string[] }> {
  const page = await browser.newPage({ viewport });
  const outside: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url === 'http://test.page/page.js') return route.fulfill({ contentType: 'text/javascript', body: bundled.script });
    if (url === 'http://test.page/style.css') return route.fulfill({ contentType: 'text/css', body: bundled.css });
    if (url.startsWith('http://test.page/')) {
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html><head><link rel="stylesheet" href="/style.css"></head><body><div id="root"></div><script src="/page.js"></script></body></html>',
      });
    }
    outside.push(url);
    return route.abort();
  });
  await page.goto(`http://test.page/${hash ? `#${hash}` : ''}`);
  return { page, outside };
}
