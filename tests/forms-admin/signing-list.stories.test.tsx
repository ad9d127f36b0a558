import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { notifications } from '@mantine/notifications';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import type { SetupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import * as stories from '../../stories/forms-admin/SigningList.stories';
import * as outboxStories from '../../stories/forms-admin/MailOutbox.stories';
import { resetFakeBackend } from '../../stories/support/fakeBackend';

// The Signing screen's and the Outbox's stories as fixtures, in light and in dark: each renders, its play function passes, and axe
// finds nothing (colour contrast needs layout, which jsdom does not do: the Storybook axe run checks it in Chromium).
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  notifications.clean();
});

// Only violations are collected in full (axe's resultTypes): what passed is not gathered node by node, which axe
// documents as the way to a faster run; every violation is still reported.
async function violations(root: HTMLElement): Promise<string[]> {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const theme of ['light', 'dark'] as const) {
  describe(`SigningList stories (${theme})`, () => {
    const composed = () => {
      setProjectAnnotations({ ...preview, initialGlobals: { theme }, loaders: [resetFakeBackend, mswLoader(() => server as unknown as SetupWorker)] });
      return composeStories(stories);
    };

    for (const name of ['Populated', 'EveryStatus', 'OneInstance', 'Empty', 'Loading', 'LoadFailed', 'ReadOnlyUser', 'RequestDialog', 'RequestAgainDialog', 'VoidDialog', 'MailFailed', 'NoMatch'] as const) {
      it(`${name} renders, plays and is axe clean`, async () => {
        const Story = composed()[name];
        await Story.run();
        expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe(theme);
        if (name === 'Loading') await screen.findByRole('heading', { name: 'Signing' });
        // The whole document: the request dialog sits in a portal outside the story's root.
        expect(await violations(document.body)).toEqual([]);
      });
    }
  });
}

// The Outbox's stories (the mail the signing sent), in the same way.
for (const theme of ['light', 'dark'] as const) {
  describe(`MailOutbox stories (${theme})`, () => {
    for (const name of ['List', 'OneMessage', 'Empty', 'Loading', 'LoadFailed', 'Refused'] as const) {
      it(`${name} renders, plays and is axe clean`, async () => {
        setProjectAnnotations({ ...preview, initialGlobals: { theme }, loaders: [resetFakeBackend, mswLoader(() => server as unknown as SetupWorker)] });
        await composeStories(outboxStories)[name].run();
        expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe(theme);
        await screen.findByRole('heading', { name: 'Outbox' });
        expect(await violations(document.body)).toEqual([]);
      });
    }
  });
}

describe('SigningList stories, what they show', () => {
  it('Loading asks and waits: no table rows yet', async () => {
    setProjectAnnotations({ ...preview, loaders: [resetFakeBackend, mswLoader(() => server as unknown as SetupWorker)] });
    const { Loading } = composeStories(stories);
    await Loading.load();
    render(<Loading />);
    await screen.findByRole('heading', { name: 'Signing' });
    await waitFor(() => expect(screen.queryByText('Completed')).not.toBeInTheDocument());
  });
});
