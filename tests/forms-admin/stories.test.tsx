import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { notifications } from '@mantine/notifications';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { SetupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import * as FormGroupDetailStories from '../../stories/forms-admin/FormGroupDetail.stories';
import * as FormGroupListStories from '../../stories/forms-admin/FormGroupList.stories';
import * as FormListStories from '../../stories/forms-admin/FormList.stories';
import * as FormSchemaListStories from '../../stories/forms-admin/FormSchemaList.stories';
import { resetFakeBackend } from '../../stories/support/fakeBackend';

// The stories of the forms lists as fixtures (as tests/admin/screen-stories.test.tsx does for the permission
// screens): each story's loaders, fake user and handlers are the whole set-up; its play function runs where it has one.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(async () => {
  // A story's dialog that closes near the end leaves Mantine's scroll-lock timer (its transition, 200 ms) pending; let
  // it fire while the page still exists, or it sets state after jsdom is gone ('window is not defined').
  await new Promise((resolve) => setTimeout(resolve, 1000));
  server.close();
});
afterEach(() => {
  cleanup();
  notifications.clean();
});
setProjectAnnotations({ ...preview, loaders: [resetFakeBackend, mswLoader(() => server as unknown as SetupWorker)] });

const files = {
  FormList: composeStories(FormListStories),
  FormSchemaList: composeStories(FormSchemaListStories),
  FormGroupList: composeStories(FormGroupListStories),
  FormGroupDetail: composeStories(FormGroupDetailStories),
};

/** What each state shows once it has settled. */
const settled: Record<string, () => Promise<unknown>> = {
  Populated: () => screen.findByRole('table'),
  // Stacked only where its frame is laid out (a browser): here, with nothing laid out, the table of every column.
  NarrowColumn: () => screen.findByRole('table'),
  Loading: () => screen.findByRole('heading', { level: 1 }),
  Empty: () => screen.findByText(/^(No forms yet\.|No form schemas yet\.|No form groups yet\.|No forms in this group yet\.)$/),
  LoadFailed: () => screen.findByRole('button', { name: 'Try again' }),
  NotFound: () => screen.findByText('This form group does not exist or was deleted.'),
  ReadOnlyUser: () => screen.findByRole('table'),
};

describe.each(Object.entries(files))('%s stories', (_name, stories) => {
  it.each(Object.entries(stories))('%s renders its state', async (storyName, Story) => {
    if ('play' in Story && Story.play) {
      await Story.run();
    } else {
      await Story.load();
      render(<Story />);
      await settled[storyName]!();
    }
    // The table keeps its empty text mounted: shown when there is nothing, hidden (from screen readers too) under rows.
    const emptyText = /^(No forms yet\.|No form schemas yet\.|No form groups yet\.|No forms in this group yet\.)$/;
    if (storyName === 'Empty') await waitFor(() => expect(screen.getByText(emptyText)).toBeVisible());
    if (storyName === 'Populated') expect(screen.getByText(emptyText)).not.toBeVisible();
    if (storyName === 'ReadOnlyUser') {
      const table = await screen.findByRole('table');
      expect(within(table).queryByRole('button', { name: /^(Delete|Edit|Remove from group)/ })).not.toBeInTheDocument();
    }
    if (storyName === 'EditorDeletedView') expect(screen.queryByRole('button', { name: /Delete permanently/ })).not.toBeInTheDocument();
  });
});
