import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { ccqTheme } from '../../src/ui/theme';

/**
 * The library's theme for a test that renders through a provider of its own without `env="test"` (as a host does):
 * popovers (menus, selects) ignore floating-ui's `hide` middleware. jsdom lays nothing out, so every box is 0×0 at the
 * origin, which the middleware counts as clipped: an open menu turns `display: none` as soon as its first position
 * arrives, and a query finds its items only in the moment before. Mantine's `env="test"` ignores it the same way, and
 * so does the stories' theme in jsdom (.storybook/preview.tsx).
 */
export const jsdomTheme = mergeThemeOverrides(ccqTheme, { components: { Popover: { defaultProps: { hideDetached: false } } } });

/**
 * Every provider a component of this library may need in a test. `env="test"` turns off Mantine's transitions and
 * portals' delays so that Selects and Modals render synchronously under jsdom.
 * (Extend here with a fresh QueryClient and an APIProvider when the screens need them.)
 */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={ccqTheme} env="test">
      <ModalsProvider>
        <Notifications />
        {children}
      </ModalsProvider>
    </MantineProvider>
  );
}

export interface RenderWithProvidersResult extends RenderResult {
  /** A user-event instance set up before rendering, as user-event recommends. */
  user: UserEvent;
}

/** Renders `ui` inside {@link TestProviders} and returns the Testing Library result plus a `user`. */
export function renderWithProviders(
  ui: ReactElement,
  options?: Omit<RenderOptions, 'wrapper'>,
): RenderWithProvidersResult {
  const user = userEvent.setup();
  const result = render(ui, { wrapper: TestProviders, ...options });
  return { user, ...result };
}
