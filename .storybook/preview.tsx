/// <reference types="vite/client" />
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { ccqTheme } from '../src/ui/theme';

type ColorScheme = 'light' | 'dark';

/** Every story runs inside the providers a host app gives our components; the toolbar's theme picks the scheme. */
const withMantine: Decorator = (Story, context) => {
  const colorScheme: ColorScheme = context.globals.theme === 'dark' ? 'dark' : 'light';
  return (
    <MantineProvider theme={ccqTheme} forceColorScheme={colorScheme}>
      <ModalsProvider>
        <Notifications position="top-right" autoClose={3000} />
        <Story />
      </ModalsProvider>
    </MantineProvider>
  );
};

// ─── API decorator goes here ──────────────────────────────────────────────────────────────────────────────────────
// When src/query's APIProvider and src/testing's fake-backend handlers exist, add a `withApi` decorator (a fresh
// QueryClient with `retry: false` per story + <APIProvider baseUrl=…>) as `decorators: [withApi, withMantine]`
// (the first listed is the innermost, so the API sits inside Mantine), and give `parameters.msw.handlers` the named
// handler groups from src/testing so a story can override one group, e.g.
//   parameters: { msw: { handlers: { claimGroups: [http.get('*/api/…', () => HttpResponse.json(…, { status: 500 }))] } } }
// A per-story override example lives in stories/examples/MswHandlers.stories.tsx.
// ──────────────────────────────────────────────────────────────────────────────────────────────────────────────────

const preview: Preview = {
  decorators: [withMantine],
  // msw-storybook-addon 3 (CSF 3): starts the worker from public/mockServiceWorker.js once, then per story resets
  // the handlers and applies `parameters.msw` (an array, or `{ handlers: { group: [...] } }`).
  loaders: [mswLoader()],
  globalTypes: {
    theme: {
      description: 'Mantine color scheme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' satisfies ColorScheme },
  parameters: {
    layout: 'padded',
    msw: { handlers: {} },
  },
};

export default preview;
