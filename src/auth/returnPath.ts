/**
 * The path a user asked for before sign-in, checked on the way back: only a same-origin relative
 * path is ever followed (never `//host`, `/\host`, a scheme or an absolute URL).
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith('/')) return fallback;
  if (value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters and backslashes can be read as a host by some browsers.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  try {
    const base = 'http://return-path.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The state kept with a sign-in request. */
export interface SignInState {
  /** Where to go after sign-in: a relative path. */
  returnTo: string;
}

/** Reads the return path out of an untrusted state value. */
export function returnPathFromState(state: unknown, fallback = '/'): string {
  if (state && typeof state === 'object' && 'returnTo' in state) {
    return safeReturnPath((state as { returnTo: unknown }).returnTo, fallback);
  }
  return fallback;
}
