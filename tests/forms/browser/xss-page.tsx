/**
 * The page of the Chromium XSS check: renders the payload schema many times (each payload in turn in every kind of
 * text property, in edit mode with every error showing and in view mode with payloads as answers) and records any
 * call of `window.__xss`.
 */
import { MantineProvider } from '@mantine/core';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { JsonObject } from '../../../src/api/types';
import { createFormEngine } from '../../../src/engine';
import { FormRenderer } from '../../../src/forms';
import { payloadBadData, payloadSchema } from '../../../stories/forms/fixtures';
import { XSS_PAYLOADS } from '../xss-payloads';

declare global {
  interface Window {
    __xss: (n: number) => void;
    __xssHits: number[];
    __renders: number;
    __done: boolean;
    __error: string | null;
  }
}

window.__xssHits = [];
window.__xss = (n) => window.__xssHits.push(n);
window.__renders = 0;
window.__done = false;
window.__error = null;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run() {
  const host = document.getElementById('root') as HTMLElement;
  const payloads = XSS_PAYLOADS;
  for (let offset = 0; offset < payloads.length; offset += 9) {
    const list = [...payloads.slice(offset), ...payloads.slice(0, offset)];
    const schema = payloadSchema(list);
    const answers: JsonObject = {};
    for (let i = 0; i < 13; i++) answers[`f${i}`] = list[i] as string;
    answers.items = [{ x: list[20] as string }];
    for (const [mode, data] of [
      ['edit', payloadBadData()],
      ['view', answers],
    ] as const) {
      const engine = createFormEngine(schema, { data });
      const root = createRoot(host);
      flushSync(() => root.render(<MantineProvider><FormRenderer schema={schema} engine={engine} mode={mode} progressive={false} /></MantineProvider>));
      if (mode === 'edit') flushSync(() => void engine.submit());
      // Give onerror/onload/autofocus handlers a chance to fire if anything had been parsed as HTML.
      for (const element of host.querySelectorAll<HTMLElement>('input, textarea, select, button')) element.focus();
      await pause(30);
      window.__renders += 1;
      root.unmount();
    }
  }
}

run()
  .catch((error: unknown) => {
    window.__error = error instanceof Error ? `${error.message}\n${error.stack}` : String(error);
  })
  .finally(() => {
    window.__done = true;
  });
