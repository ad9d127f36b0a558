/**
 * Public form access (docs/decisions.md, Public links and Security and limits), the rules both backends apply to callers who
 * are not signed in, and the checks of an instance's data and version:
 *
 * - `Forms/GetEditUrl` / `GetViewUrl` links carry an unguessable token that names one instance and a
 *   mode and lives {@link LINK_TOKEN_LIFETIME_MS}; it arrives as `Authorization: Bearer <token>`
 *   (not a JWT) or `?token=`. An unknown, altered or expired token is 401.
 * - An anonymous caller reaches only the instance its link names (a view link cannot write: 403), or
 *   posts a new instance of a public schema (an unknown, deleted or non-public schema is 404).
 * - Data is checked by the form engine: drafts (Created, InProgress) only for shape and limits, so an
 *   autosave never loses what was typed; Submitted and Completed with `validateSubmission`.
 * - A patch may carry `If-Match` with the ETag of the row it read; a stale one is 412 and changes nothing.
 */
import type { FormInstance, FormSchema, JsonObject } from '../../contract/types';
import { FormInstanceStatus } from '../../contract/enums';
import { checkDataLimits, FormLimitError, validateSubmission } from '../../engine';
import { claimRequiredError } from '../access';
import { DomainError } from '../errors';
import { field, type JsonRecord } from '../json-body';
import { allLive } from './soft-delete';
import { checkInstanceStatusChange } from './statuses';
import type { FormLinkMode } from './links';

export { FORM_LINK_MODE_HEADER, FORM_LINK_TOKEN_HEADER, LINK_TOKEN_LIFETIME_MS, type FormLinkMode } from './links';


/** What a valid link token grants. */
export interface FormLinkGrant {
  formInstanceId: string;
  formSchemaId: string;
  mode: FormLinkMode;
}

/**
 * The public link of an instance: `{publicBaseUrl}/form-instance/{formSchemaId}?mode=…&formInstanceId=…&token=…`.
 */
export function formLinkUrl(publicBaseUrl: string, grant: FormLinkGrant, token: string): string {
  const search = new URLSearchParams({ mode: grant.mode, formInstanceId: grant.formInstanceId, token });
  return `${publicBaseUrl.replace(/\/+$/, '')}/form-instance/${encodeURIComponent(grant.formSchemaId)}?${search.toString()}`;
}

/**
 * The public address of a form: `{publicBaseUrl}/form-instance/{formSchemaId}?mode=edit` (a new instance of its current
 * version, for anyone when that version is public), without an instance or token. `publicBaseUrl` is the form's own,
 * else the host's origin.
 */
export function publicFormUrl(publicBaseUrl: string, formSchemaId: string, mode: FormLinkMode = 'edit'): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/form-instance/${encodeURIComponent(formSchemaId)}?mode=${mode}`;
}

/**
 * The link token a request may carry: `?token=` (any case of the name), else a bearer token that is
 * not a user's (a JWT has dots; `isUserToken` recognises a backend's own user tokens). Null when none.
 */
export function linkTokenOf(
  authorization: string | null | undefined,
  search: URLSearchParams,
  isUserToken: (bearer: string) => boolean = (bearer) => bearer.includes('.'),
): string | null {
  for (const [key, value] of search) if (key.toLowerCase() === 'token' && value !== '') return value;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? null;
  return bearer !== null && !isUserToken(bearer) ? bearer : null;
}

/** The message of a missing or invalid link. */
export const LINK_REQUIRED_MESSAGE = 'Sign-in or an edit link for this form instance is required.';
/** The message of an unknown, altered or expired link token. */
export const LINK_INVALID_MESSAGE = 'The form link is invalid or has expired.';
/** The message of a view link used to write. */
export const VIEW_LINK_MESSAGE = 'A view link cannot change the form instance.';

/** The message of an anonymous list of instances without a link. */
export const ANONYMOUS_INSTANCES_MESSAGE = 'Sign-in or a form link is required.';

/** 401 when a token was presented but names no live link (unknown, altered or expired). */
export function checkPresentedLink(token: string | null, grant: FormLinkGrant | null): void {
  if (token !== null && grant === null) throw new DomainError(401, LINK_INVALID_MESSAGE);
}

/** The longest token a backend looks up (a longer one names no link). */
export const MAX_LINK_TOKEN_LENGTH = 200;

/** A link token as a backend stores it, found by the token presented. */
export interface StoredFormLink {
  formInstanceId: string;
  formSchemaId: string;
  /** `edit` or `view` (anything else grants nothing). */
  mode: string;
  expiresAt: Date;
  /** Whether the instance, its schema and its form are soft-deleted. */
  deleted: { instance: boolean; schema: boolean; form: boolean };
}

/**
 * What a stored link grants at `now`: null when there is none, it has expired, its mode is unknown, or its instance,
 * the instance's schema or its form is soft-deleted (a soft-deleted row is invisible to link holders).
 */
export function grantOfStoredLink(stored: StoredFormLink | null | undefined, now: Date): FormLinkGrant | null {
  if (!stored || stored.expiresAt.getTime() <= now.getTime()) return null;
  if (stored.mode !== 'edit' && stored.mode !== 'view') return null;
  const { instance, schema, form } = stored.deleted;
  if (!allLive({ isDeleted: instance }, { isDeleted: schema }, { isDeleted: form })) return null;
  return { formInstanceId: stored.formInstanceId, formSchemaId: stored.formSchemaId, mode: stored.mode };
}

/**
 * The public link a request presents, read the same way by every backend: the token (the domain's {@link linkTokenOf}),
 * the stored link `find` answers for it, what that grants at `now`. Null when no token is presented; 401 when one is and
 * grants nothing (unknown, altered, expired, or its instance gone). `isUserToken` tells the backend's own user tokens.
 */
export async function presentedLink(
  request: { authorization: string | null | undefined; searchParams: URLSearchParams },
  find: (token: string) => StoredFormLink | null | undefined | Promise<StoredFormLink | null | undefined>,
  now: Date,
  isUserToken?: (bearer: string) => boolean,
): Promise<FormLinkGrant | null> {
  const token = linkTokenOf(request.authorization, request.searchParams, isUserToken);
  if (token === null) return null;
  const grant = token.length > MAX_LINK_TOKEN_LENGTH ? null : grantOfStoredLink(await find(token), now);
  checkPresentedLink(token, grant);
  return grant;
}

/** An anonymous caller may post an instance only of a public schema that is live, of a live form: 404 otherwise. */
export function checkAnonymousInstancePost(
  schemaId: string,
  schema: Pick<FormSchema, 'isPublic' | 'isDeleted'> | undefined,
  form: { isDeleted: boolean } | null | undefined,
): void {
  if (!schema || !schema.isPublic || !allLive(schema, form)) throw new DomainError(404, `No public form schema '${schemaId}'.`);
}

/**
 * Whether a caller of a route that public-form visitors may use (creating and saving a form instance, reading forms
 * and instances, `MarkCompleted`) is treated as a visitor: anyone not signed in, and a signed-in user who lacks the
 * route's claim. A public form is fillable by anyone who may open it, signed in or not: a reader without
 * `FormInstance_Add` fills it in exactly as an anonymous visitor would (a public schema, their own instance through the
 * edit link handed out with it), instead of being refused.
 */
export function actsAsFormVisitor(signedIn: boolean, holdsRouteClaim: boolean): boolean {
  return !signedIn || !holdsRouteClaim;
}

/**
 * What a signed-in visitor gets when the visitor's rules refuse them for want of a link (401: "sign in, or bring a
 * link"): they are signed in already and lack the route's claim, so they get that refusal (403 naming the claim), and a
 * client does not try to renew a token that is fine. An invalid link they presented stays 401. Null: keep the refusal.
 */
export function signedInVisitorRefusal(error: DomainError, claim: number): DomainError | null {
  return error.status === 401 && error.message !== LINK_INVALID_MESSAGE ? claimRequiredError(claim) : null;
}


export { PUBLIC_BASE_URL_MESSAGE, MAX_PUBLIC_BASE_URL_LENGTH, checkPublicBaseUrl, publicBaseUrlOf } from './public-base-url';

/** An anonymous caller needs a live link naming this instance (401), in edit mode to write (403). */
export function requireLinkFor(grant: FormLinkGrant | null, formInstanceId: string, write: boolean): FormLinkGrant {
  if (!grant || grant.formInstanceId.toLowerCase() !== formInstanceId.toLowerCase()) throw new DomainError(401, LINK_REQUIRED_MESSAGE);
  if (write && grant.mode !== 'edit') throw new DomainError(403, VIEW_LINK_MESSAGE);
  return grant;
}

export { COMPLETED_MESSAGE } from './statuses';

/** The statuses a visitor (an anonymous caller, a link holder) may give an instance: the drafts and Submitted. */
export const ANONYMOUS_STATUSES: readonly FormInstanceStatus[] = [
  FormInstanceStatus.Created,
  FormInstanceStatus.InProgress,
  FormInstanceStatus.Submitted,
];

/**
 * What an anonymous link holder's patch may change: `data` and `status` of an instance that is not soft-deleted (404),
 * within the status changes a visitor may make (`checkStatusChange`: nothing once Submitted or Completed, 409; never
 * to Completed, 403); anything else in the body is ignored.
 */
export function anonymousInstancePatch(body: JsonRecord, existing: Pick<FormInstance, 'formInstanceId' | 'status' | 'isDeleted'>): JsonRecord {
  if (existing.isDeleted) throw new DomainError(404, `No form instance '${existing.formInstanceId}'.`);
  const allowed: JsonRecord = {};
  for (const key of ['data', 'status']) if (field(body, key) !== undefined) allowed[key] = field(body, key);
  checkInstanceStatusChange(allowed, existing, 'visitor');
  return allowed;
}

/** Whether a status needs complete, valid data (Submitted, Completed). */
export const needsValidData = (status: FormInstanceStatus): boolean =>
  status === FormInstanceStatus.Submitted || status === FormInstanceStatus.Completed;

/** The message of submitted data the engine refuses (the errors follow as `errors: [{ path, message }]`). */
export const INVALID_DATA_MESSAGE = 'The form instance data is not valid.';

/**
 * Checks an instance's data against its schema with the form engine and answers what to store:
 * every save refuses data that is not an object, too large (413), too deep or carrying `__proto__`,
 * `constructor` or `prototype` keys (400); a Submitted or Completed one must also pass
 * `validateSubmission` (400 `{ errors: [{ path, message }] }`), and stores the engine's data (hidden
 * answers dropped, computed values recomputed).
 */
export function checkInstanceData(schema: Pick<FormSchema, 'formSchemaId' | 'version' | 'jsonSchema' | 'layout'> & Partial<FormSchema>, data: unknown, status: FormInstanceStatus): JsonObject {
  try {
    if (!needsValidData(status)) {
      checkDataLimits(data);
      return data as JsonObject;
    }
    const result = validateSubmission(schema as FormSchema, data);
    if (!result.valid) {
      const errors = result.errors.map((e) => ({ path: e.path, message: e.message }));
      throw new DomainError(400, `${INVALID_DATA_MESSAGE} ${errors.map((e) => `${e.path || '/'}: ${e.message}`).join(' ')}`, { errors });
    }
    return result.data;
  } catch (error) {
    if (error instanceof FormLimitError) throw new DomainError(error.status, error.message, { code: error.kind });
    throw error;
  }
}

// ---------------------------------------------------------------- versions

/** The ETag of a row version (a strong validator: the server's `row_version`). */
export const etagOf = (version: number | string): string => `"${String(version)}"`;

/** The message of a stale write. */
export const STALE_WRITE_MESSAGE =
  'The row was changed by someone else since you read it. Nothing was saved: reload it and apply your changes again.';

/**
 * `If-Match` against the row's current ETag: absent or `*` passes; a list passes when it holds the
 * current one (weak `W/` prefixes ignored); else 412 carrying `currentETag`, and nothing is written.
 */
export function checkIfMatch(ifMatch: string | null | undefined, currentEtag: string): void {
  const header = ifMatch?.trim();
  if (!header || header === '*') return;
  const tags = header.split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (!tags.includes(currentEtag)) throw new DomainError(412, STALE_WRITE_MESSAGE, { currentETag: currentEtag });
}
