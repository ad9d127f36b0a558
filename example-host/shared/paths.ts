/**
 * The host's paths that the reference server must know too (it registers them with the identity provider): one
 * place for both.
 */

/** Where the identity provider sends the browser back after sign-in (docs/spec.md, Screens and routes). */
export const LOGIN_CALLBACK_PATH = '/authentication/login-callback';

/** Where the identity provider sends the browser after sign-out: a public page that starts no sign-in. */
export const SIGNED_OUT_PATH = '/signed-out';
