import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { notifications } from '@mantine/notifications';
import { cleanup, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import type { SetupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import * as stories from '../../stories/forms-admin/FormInstanceList.stories';
import { resetFakeBackend } from '../../stories/support/fakeBackend';
import { seedIds } from '../../src/testing/seed-ids';

// The Form Instances list's signing stories (and the list as it now is) as fixtures, in light and in dark: each
// renders, its play function passes, and axe finds nothing (colour contrast needs layout, which jsdom does not do:
// the Storybook axe run checks it in Chromium).
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  notifications.clean();
});

// A story shows a component, not a page: as in the Storybook axe run (tests/storybook/axe-stories.mjs), the page-level
// rule that all content sits in landmarks does not apply (an open row menu lies in a portal outside them).
async function violations(root: HTMLElement): Promise<string[]> {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } }, resultTypes: ['violations'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const theme of ['light', 'dark'] as const) {
  describe(`FormInstanceList signing stories (${theme})`, () => {
    const composed = () => {
      setProjectAnnotations({ ...preview, initialGlobals: { theme }, loaders: [resetFakeBackend, mswLoader(() => server as unknown as SetupWorker)] });
      return composeStories(stories);
    };

    for (const name of ['Populated', 'EveryEnvelopeStatus', 'RequestSignatureFromRow', 'RequestSignatureBlocked', 'WithoutSigningAccess'] as const) {
      it(`${name} renders, plays and is axe clean`, async () => {
        const Story = composed()[name];
        await Story.run();
        expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe(theme);
        const table = await screen.findByRole('table', { name: 'Form Instances' }, { timeout: 5000 });
        await within(table).findByText(seedIds.formInstances.loanSubmitted.slice(-8), undefined, { timeout: 5000 });
        // The whole document: the menu and the request dialog sit in portals outside the story's root.
        expect(await violations(document.body)).toEqual([]);
      });
    }
  });
}
