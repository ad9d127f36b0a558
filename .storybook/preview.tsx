/// <reference types="vite/client" />
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';

import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { APIProvider } from '../src/query/APIProvider';
import type { Labels } from '../src/query/labels';
import type { FormLabels } from '../src/forms/labels';
import { germanFormLabels, germanLabels, germanLocale } from '../src/locales/de';
import { frenchFormLabels, frenchLabels, frenchLocale } from '../src/locales/fr';
import { resetFakeBackend, storyApi, storyHandlers } from '../stories/support/fakeBackend';
import { ccqTheme } from '../src/ui/theme';

type ColorScheme = 'light' | 'dark';

/** The toolbar's language: the label pack and the locale of dates and numbers every story's provider gets. */
type StoryLocale = 'en' | 'de' | 'fr';
const LOCALES: Record<StoryLocale, { labels?: Labels; formLabels?: FormLabels; locale?: string }> = {
  en: {},
  de: { labels: germanLabels, formLabels: germanFormLabels, locale: germanLocale },
  fr: { labels: frenchLabels, formLabels: frenchFormLabels, locale: frenchLocale },
};

// Play functions wait up to 10 s for what the fake backend loads and the screen draws (the default 1 s, then 5 s,
// ran out on a busy 2-core CI for the large admin screens); the accessibility run gives a story 30 s in all.
configure({ asyncUtilTimeout: 10_000 });

/**
 * The theme stories get. Run by Vitest in jsdom (the tests' `*.stories.test.tsx` files), popovers ignore floating-ui's `hide`
 * middleware: jsdom lays nothing out, so every box is 0×0 at the origin, which the middleware counts as clipped, and an
 * open menu turned `display: none` as soon as its first position arrived (its items then exist but are hidden: a play
 * function finding them in the moment before depended on the machine's load). Mantine's own test environment (`env`
 * "test") ignores it the same way. In a browser (Storybook, its axe run) the theme is the library's own.
 */
const storyTheme =
  typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom')
    ? mergeThemeOverrides(ccqTheme, { components: { Popover: { defaultProps: { hideDetached: false } } } })
    : ccqTheme;

/**
 * The host's primary colour (toolbar "Primary colour"): Mantine's default blue, or a host theme of another colour
 * merged over the library's theme, as a host passes one to its `MantineProvider`. Every colour of the library follows
 * the theme, so a story shows nothing blue with another primary colour (the Storybook axe run checks that).
 */
const PRIMARY_COLORS = ['blue', 'grape', 'violet', 'pink'] as const;
type PrimaryColor = (typeof PRIMARY_COLORS)[number];
const isPrimaryColor = (value: unknown): value is PrimaryColor => PRIMARY_COLORS.includes(value as PrimaryColor);
const themes = new Map(
  PRIMARY_COLORS.map((primaryColor) => [
    primaryColor,
    primaryColor === 'blue' ? storyTheme : mergeThemeOverrides(storyTheme, { primaryColor }),
  ]),
);

/**
 * Every story runs inside the providers a host app gives our components; the toolbar's theme picks the scheme, its
 * primary colour the host theme's `primaryColor`.
 */
const withMantine: Decorator = (Story, context) => {
  const colorScheme: ColorScheme = context.globals.theme === 'dark' ? 'dark' : 'light';
  const primaryColor: PrimaryColor = isPrimaryColor(context.globals.primaryColor) ? context.globals.primaryColor : 'blue';
  return (
    <MantineProvider theme={themes.get(primaryColor) ?? storyTheme} forceColorScheme={colorScheme}>
      <ModalsProvider>
        <Notifications position="top-right" autoClose={3000} />
        <Story />
      </ModalsProvider>
    </MantineProvider>
  );
};

/**
 * Every story talks to the in-memory fake backend of `@ccq/forms-admin/testing` through MSW, on the Storybook origin.
 * Its handler groups are the default `parameters.msw.handlers`; a story overrides one group by name (e.g.
 * `{ claim: [errorHandlers.failing(...)] }`). `parameters.fakeUser` signs in a seeded user (default: the admin).
 */

function StoryApiProvider({ children, language }: { children: ReactNode; language: StoryLocale }) {
  // A fresh cache per story: no story sees another's data.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  );
  return (
    <APIProvider baseUrl={storyApi} queryClient={queryClient} clientOptions={{ retry: { retries: 0 } }} {...LOCALES[language]}>
      {children}
    </APIProvider>
  );
}

const withApi: Decorator = (Story, context) => {
  const language: StoryLocale = context.globals.locale === 'de' || context.globals.locale === 'fr' ? context.globals.locale : 'en';
  return (
    <StoryApiProvider language={language}>
      <Story />
    </StoryApiProvider>
  );
};

const preview: Preview = {
  // Every component gets a docs page (its description, first story and prop controls; .storybook/docs-preview.tsx).
  tags: ['autodocs'],
  decorators: [withApi, withMantine],
  // msw-storybook-addon 3 (CSF 3): starts the worker from public/mockServiceWorker.js once, then per story resets
  // the handlers and applies `parameters.msw` (an array, or `{ handlers: { group: [...] } }`).
  loaders: [resetFakeBackend, mswLoader()],
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
    primaryColor: {
      description: "The host theme's primary colour",
      toolbar: {
        title: 'Primary colour',
        icon: 'paintbrush',
        items: PRIMARY_COLORS.map((value) => ({ value, title: value === 'blue' ? 'Blue (Mantine default)' : value.charAt(0).toUpperCase() + value.slice(1) })),
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Texts (label pack) and the locale of dates and numbers',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'de', title: 'Deutsch' },
          { value: 'fr', title: 'Français' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' satisfies ColorScheme, locale: 'en' satisfies StoryLocale, primaryColor: 'blue' satisfies PrimaryColor },
  parameters: {
    layout: 'padded',
    msw: { handlers: storyHandlers },
  },
};

export default preview;
