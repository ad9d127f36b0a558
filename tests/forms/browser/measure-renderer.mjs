// Measures the renderer in headless Chromium against a hand-written Mantine form (a quick local check; the full
// side-by-side benchmark with the peer renderers lives in bench/renderer). Usage: node tests/forms/browser/measure-renderer.mjs [sizes…]
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../support/chromium.mjs';

const entry = fileURLToPath(new URL('./perf-page.tsx', import.meta.url));
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const bundle = await build({
  entryPoints: [entry],
  bundle: true,
  write: false,
  format: 'iife',
  minify: true,
  jsx: 'automatic',
  logLevel: 'silent',
  define: { 'process.env.NODE_ENV': '"production"' },
  loader: { '.css': 'empty' },
});
const css = await build({ stdin: { contents: "@import '@mantine/core/styles.css';", resolveDir: process.cwd(), loader: 'css' }, bundle: true, write: false, logLevel: 'silent' });
const script = bundle.outputFiles[0].text;
const style = css.outputFiles[0].text;
const browser = await launchChromium();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function once(which, size) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.endsWith('/page.js')) return route.fulfill({ contentType: 'text/javascript', body: script });
    if (url.endsWith('/style.css')) return route.fulfill({ contentType: 'text/css', body: style });
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><head><link rel="stylesheet" href="/style.css"></head><body><div id="root"></div><script src="/page.js"></script></body></html>' });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`http://perf.test/#${which}-${size}`);
  await page.waitForFunction(() => window.__ready === true, undefined, { timeout: 60000 });
  const result = await page.evaluate(() => window.__result);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  // Keystrokes into a text field in the middle of the form.
  const target = which === 'floor' ? page.locator('input[type="text"], input:not([type])').nth(Math.floor(size * 0.3)) : page.locator('#f-g2f1');
  await target.click();
  const before = await cdp.send('Performance.getMetrics');
  const keys = Number(process.env.KEYS ?? 40);
  for (let i = 0; i < keys; i++) await page.keyboard.type('a');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  const after = await cdp.send('Performance.getMetrics');
  const metric = (m, name) => m.metrics.find((x) => x.name === name).value;
  const taskPerKey = ((metric(after, 'TaskDuration') - metric(before, 'TaskDuration')) * 1000) / keys;
  await page.close();
  return { ...result, heapMB: heap / 1048576, keyMs: taskPerKey };
}

for (const size of sizes.length ? sizes : [50, 1000]) {
  for (const which of (process.env.WHICH ?? 'floor,ours').split(',')) {
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await once(which, size));
    const row = Object.fromEntries(Object.keys(runs[0]).map((k) => [k, Math.round(median(runs.map((r) => r[k])) * 10) / 10]));
    console.log(size, which.padEnd(5), JSON.stringify(row));
  }
}
await browser.close();
