/**
 * The base of public form links (a form's `publicBaseUrl`, or the server's configured one): its check and which one
 * applies. A leaf of the forms rules: the access rules and the entities' body checks both use it.
 */
import { DomainError } from '../errors';

/** The base of public form links: an absolute http(s) URL without query, fragment or credentials. */
export const PUBLIC_BASE_URL_MESSAGE =
  "must be an absolute http or https URL without query, fragment or user name, such as 'https://forms.example.org/apply'.";

/** Longest accepted base of public form links. */
export const MAX_PUBLIC_BASE_URL_LENGTH = 2000;

/**
 * Checks the base of public form links (a form's `publicBaseUrl`, or the server's configured one) and answers it
 * without trailing slashes; 400 naming `key` otherwise. Links are `{base}/form-instance/{formSchemaId}?…`, so a query
 * or fragment in the base would break them, and credentials in a link would be handed to every visitor.
 */
export function checkPublicBaseUrl(value: string, key: string): string {
  const trimmed = value.trim();
  let url: URL | null = null;
  try {
    url = trimmed.length <= MAX_PUBLIC_BASE_URL_LENGTH ? new URL(trimmed) : null;
  } catch {
    url = null;
  }
  const ok =
    url !== null &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.search === '' &&
    url.hash === '' &&
    url.username === '' &&
    url.password === '' &&
    !/[?#]/.test(trimmed);
  if (!ok) throw new DomainError(400, `'${key}' ${PUBLIC_BASE_URL_MESSAGE}`);
  return trimmed.replace(/\/+$/, '');
}

/**
 * Where the public links of a form's instances point: the form's own `publicBaseUrl` (a form embedded in another
 * site), else the server's configured base, else the host the server serves.
 */
export function publicBaseUrlOf(form: { publicBaseUrl?: string | null } | undefined, configured: string | null | undefined, fallback: string): string {
  return form?.publicBaseUrl ?? configured ?? fallback;
}
