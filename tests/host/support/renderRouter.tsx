import './jsdom';
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import type { AnyRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routerOptions } from '../../../example-host/src/router';
import { ccqTheme } from '../../../src/ui/theme';

/**
 * Renders `routeTree` at `path` with the host's router options, inside Mantine (test env) and, when given,
 * `wrap` (e.g. an APIProvider).
 */
export async function renderRouter(routeTree: AnyRoute, path: string, wrap: (router: ReactNode) => ReactNode = (r) => r) {
  const router = createRouter({ routeTree, ...routerOptions, history: createMemoryHistory({ initialEntries: [path] }) });
  const user = userEvent.setup();
  const result = render(
    <MantineProvider theme={ccqTheme} env="test">
      {wrap(<RouterProvider router={router} />)}
    </MantineProvider>,
  );
  // Let the initial load and its re-renders settle inside act.
  await act(async () => {
    await router.load();
  });
  return { ...result, router, user, screen };
}
