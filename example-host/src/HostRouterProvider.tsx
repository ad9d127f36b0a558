import { RouterProvider } from '@tanstack/react-router';
import { useContext } from 'react';
import { ApiContext } from './formsAdmin';
import type { AppRouter } from './router';

/**
 * The host's router under its API provider: the routes get the provider's state as their context (routes.tsx,
 * `HostRouterContext`), so a route starts its screen's first read as it is entered.
 */
export function HostRouterProvider({ router }: { router: AppRouter }) {
  const api = useContext(ApiContext);
  return <RouterProvider router={router} context={{ api }} />;
}
