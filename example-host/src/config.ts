/**
 * Where the backend is. The built host is served by the backend itself, so the API is on the page's own origin;
 * `VITE_API_URL` points a host served elsewhere at another backend.
 */
export function apiBaseUrl(env: { VITE_API_URL?: string } = import.meta.env, origin = window.location.origin): string {
  const configured = env.VITE_API_URL?.trim();
  return (configured || origin).replace(/\/+$/, '');
}

export { LOGIN_CALLBACK_PATH, SIGNED_OUT_PATH } from '../shared/paths';

/** Where `Sign in` on the public home leads once signed in. */
export const ADMIN_HOME_PATH = '/admin/';

/** The product name shown in the header and on the public home. */
export const APP_NAME = 'CCQ Forms Admin';

/** Width of the admin page panel (docs/spec.md, Constants and limits). */
export const ADMIN_PANEL_MAX_WIDTH = 1200;

/** The toast area (docs/spec.md, Constants and limits: top-right, auto-close after 3000 ms). */
export const notificationsProps = { position: 'top-right', autoClose: 3000 } as const;
