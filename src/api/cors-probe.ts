/**
 * Telling a CORS refusal from an unreachable server, where the browser lets a page tell: after a failed request to
 * another origin, a `no-cors` request to the same URL (which the browser sends without asking the server's
 * permission, and whose answer it keeps opaque) gets an answer when the server is up. Given to the client as
 * `detectCorsRefusal` (the signed-in `AuthenticatedAPIProvider` does so); kept out of the transport itself so that
 * the embedded viewer does not carry it.
 */

/** Whether a failed request to `url` was refused by CORS: only in a browser page, for another origin; any doubt answers false. */
export async function corsRefusalProbe(doFetch: typeof fetch, url: string, signal?: AbortSignal): Promise<boolean> {
  try {
    if (typeof location === 'undefined' || new URL(url, location.href).origin === location.origin) return false;
    await doFetch(url, { method: 'HEAD', mode: 'no-cors', credentials: 'omit', signal });
    return true;
  } catch {
    return false;
  }
}
