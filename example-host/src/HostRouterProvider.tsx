import { RouterProvider } from '@tanstack/react-router';
import { useContext } from 'react';
import { ApiContext, useAuth } from './formsAdmin';
import type { AppRouter } from './router';

/**
 * The host's router under its API provider: the routes get the provider's state as their context (routes.tsx,
 * `HostRouterContext`), so a route starts its screen's first read as it is entered. Only while someone is signed in:
 * signed out, an admin route sends to the sign-in, and a read started on the way would only be refused (401).
 */
export function HostRouterProvider({ router }: { router: AppRouter }) {
  const api = useContext(ApiContext);
  const { isAuthenticated } = useAuth();
  return <RouterProvider router={router} context={{ api: isAuthenticated ? api : undefined }} />;
}
