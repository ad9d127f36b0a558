/**
 * `oidc-provider`, loaded once for the embedded development provider (`oidc.ts`).
 *
 * Its 9.x releases print "oidc-provider WARNING: Unsupported runtime. Use Node.js v22.x LTS, or a later LTS release."
 * when imported on any Node LTS older than 22: a check of the LTS code name, not of a feature. They declare no
 * `engines`, and on Node 20 (which our `engines` promises) everything the provider does here works: sign-in, consent,
 * refresh-token rotation, revocation, end-session — the server, contract and browser tests run it on Node 20. The
 * notice is a statement of upstream support, so on Node 20 this module keeps that one line out of every start and every
 * test run; anything else the library prints passes through, and on other Node versions nothing is filtered. We kept
 * 9.13 rather than 8.8.1 (the last release that declares Node 20): that is a major version back, and the provider's
 * configuration in `oidc.ts` is written for 9. The provider is for development and tests only; production uses an
 * external OpenID provider (`OIDC_ISSUER`).
 */
import type * as OidcProvider from 'oidc-provider';

/** The start of the runtime notice that is filtered on Node 20. */
export const UNSUPPORTED_RUNTIME_NOTICE = 'oidc-provider WARNING: Unsupported runtime.';

async function load(): Promise<typeof OidcProvider> {
  if (process.versions.node.split('.')[0] !== '20') return import('oidc-provider');
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes(UNSUPPORTED_RUNTIME_NOTICE)) return;
    warn(...args);
  };
  try {
    return await import('oidc-provider');
  } finally {
    console.warn = warn;
  }
}

const oidcProvider = await load();

/** The provider class (`oidc-provider`'s default export). */
export const Provider = oidcProvider.default;
/** A provider instance. */
export type Provider = OidcProvider.Provider;
/** The provider's OAuth error classes. */
export const errors = oidcProvider.errors;
export type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
