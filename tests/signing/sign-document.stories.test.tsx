import { composeStories, setProjectAnnotations, type Decorator } from '@storybook/react-vite';
import { cleanup } from '@testing-library/react';
import axe from 'axe-core';
import type { SetupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import * as stories from '../../stories/signing/SignDocument.stories';
import { resetFakeBackend } from '../../stories/support/fakeBackend';
import { WithPdfPages } from '../support/pdf-pages';

// The signing page's stories as fixtures, in light and in dark: each renders, its play function passes, and axe finds
// nothing (colour contrast needs layout, which jsdom does not do: the Storybook axe run checks it in Chromium).

/** A real 1 × 1 PNG: what jsdom's canvas (which draws nothing) gives as the signature image. */
const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeAll(() => {
  const context = new Proxy(
    { measureText: (text: string) => ({ width: text.length * 20 }) },
    { get: (target, key) => (key in target ? target[key as keyof typeof target] : () => undefined), set: () => true },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => PNG_DATA_URL);
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(() => 600);
  // jsdom has no PointerEvent: the stories draw with it (signature_pad listens to pointer events where they exist).
  if (!('PointerEvent' in window)) {
    class PointerEventStub extends MouseEvent {
      readonly pointerId: number;
      readonly pointerType: string;
      readonly isPrimary: boolean;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
        this.isPrimary = init.isPrimary ?? true;
      }
    }
    vi.stubGlobal('PointerEvent', PointerEventStub);
  }
});
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});
afterEach(() => cleanup());

async function violations(root: HTMLElement): Promise<string[]> {
  // As the Storybook run: a story is one component, not a page (no landmarks needed).
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// A played story stays mounted after the file (portable stories render into a root of their own, which Testing
// Library's cleanup does not unmount); a dialog it closed leaves Mantine's scroll-lock timeout (the transition's
// duration) running. Let it run out while the window still exists: fired after jsdom's teardown it threw
// "window is not defined" as an unhandled error of the run.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 500)));

const withPdfPages: Decorator = (Story) => (
  <WithPdfPages>
    <Story />
  </WithPdfPages>
);

const names = Object.keys(composeStories(stories)) as (keyof ReturnType<typeof composeStories<typeof stories>>)[];

for (const theme of ['light', 'dark'] as const) {
  describe(`SignDocument stories (${theme})`, () => {
    for (const name of names) {
      it(`${name} renders, plays and is axe clean`, async () => {
        // pdf.js does not run under jsdom: the document is one blank US Letter page (tests/support/pdf-pages.tsx).
        setProjectAnnotations({
          ...preview,
          initialGlobals: { theme },
          loaders: [resetFakeBackend, mswLoader(() => server as unknown as SetupWorker)],
          decorators: [...[preview.decorators ?? []].flat(), withPdfPages],
        });
        const Story = composeStories(stories)[name];
        await Story.run();
        expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe(theme);
        // The whole document: the decline dialog sits in a portal outside the story's root.
        expect(await violations(document.body)).toEqual([]);
      });
    }
  });
}
