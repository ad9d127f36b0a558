/**
 * Where the backend is. The built host is served by the backend itself, so the API is on the page's own origin;
 * `VITE_API_URL` points a host served elsewhere at another backend.
 */
export function apiBaseUrl(env: { VITE_API_URL?: string } = import.meta.env, origin = window.location.origin): string {
  const configured = env.VITE_API_URL?.trim();
  return (configured || origin).replace(/\/+$/, '');
}

export { LOGIN_CALLBACK_PATH, SIGNED_OUT_PATH } from '../shared/paths';

/** The admin area's first page. */
export const ADMIN_HOME_PATH = '/admin/';

/**
 * Where 'Sign in' on the public home and on the signed-out page returns to: the home, asked to go on to the admin home.
 * It goes on for a person the admin area lets in (an administrator or a form editor) and stays, saying the admin area
 * is not theirs, for anyone else, who would otherwise land on the admin area's 'No access' page.
 */
export const SIGN_IN_RETURN_PATH = '/?continue=admin';

/** The product name shown in the header and on the public home. */
export const APP_NAME = 'CCQ Forms Admin';

/** Width of the admin page panel (docs/spec.md, Constants and limits). */
export const ADMIN_PANEL_MAX_WIDTH = 1200;

/** The toast area (docs/spec.md, Constants and limits: top-right, auto-close after 3000 ms). */
export const notificationsProps = { position: 'top-right', autoClose: 3000 } as const;
