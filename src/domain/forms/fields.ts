/**
 * Readers of the JSON bodies of the forms CRUD calls (`/api/crud/{entity}/post|patch`), shared by the
 * test fake and the reference server: property names match case-insensitively (as ASP.NET Core binds
 * them), an absent property keeps `fallback`, and every refusal is a 400 {@link DomainError} naming the
 * property.
 */
import type { JsonObject } from '../../contract/types';
import { DomainError } from '../errors';
import { isUuid } from '../ids';
import { field, hasField, isJsonRecord, type JsonRecord } from '../json-body';

/** The nil GUID: in a post, the same as no id ("make one"). */
export const NIL_GUID = '00000000-0000-0000-0000-000000000000';

/** Longest accepted name of a form, form group or schema. */
export const MAX_FORM_NAME_LENGTH = 200;

/** A string property; 400 when present and not a string. */
export function stringField(body: JsonRecord, key: string, fallback: string): string {
  if (!hasField(body, key)) return fallback;
  const value = field(body, key);
  if (typeof value !== 'string') throw new DomainError(400, `'${key}' must be a string.`);
  return value;
}

/** A string-or-null property (`''` reads as null); 400 for anything else. */
export function nullableStringField(body: JsonRecord, key: string, fallback: string | null): string | null {
  if (!hasField(body, key)) return fallback;
  const value = field(body, key);
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new DomainError(400, `'${key}' must be a string or null.`);
  return value === '' ? null : value;
}

/** A boolean property; 400 when present and not a boolean. */
export function booleanField(body: JsonRecord, key: string, fallback: boolean): boolean {
  if (!hasField(body, key)) return fallback;
  const value = field(body, key);
  if (typeof value !== 'boolean') throw new DomainError(400, `'${key}' must be a boolean.`);
  return value;
}

/** A JSON object property, deep-copied; 400 when present and not an object. */
export function objectField(body: JsonRecord, key: string, fallback: JsonObject): JsonObject {
  if (!hasField(body, key)) return fallback;
  const value = field(body, key);
  if (!isJsonRecord(value)) throw new DomainError(400, `'${key}' must be an object.`);
  return structuredClone(value) as JsonObject;
}

/**
 * Why a form's or a form group's name (as typed or sent) cannot be stored, or null when it can: blank once trimmed, or
 * longer than {@link MAX_FORM_NAME_LENGTH} characters. The rule the backends refuse by ({@link nonBlankName}) and the
 * screens say under the name box before anything is sent.
 */
export function formNameIssue(value: string): 'blank' | 'tooLong' | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'blank';
  return trimmed.length > MAX_FORM_NAME_LENGTH ? 'tooLong' : null;
}

/** A name: trimmed, not blank, at most {@link MAX_FORM_NAME_LENGTH} characters. */
export function nonBlankName(value: string, key: string): string {
  const issue = formNameIssue(value);
  if (issue === 'blank') throw new DomainError(400, `'${key}' must not be blank.`);
  if (issue === 'tooLong') throw new DomainError(400, `'${key}' is longer than ${MAX_FORM_NAME_LENGTH} characters.`);
  return value.trim();
}

/** An optional reference to another row: null, or a UUID (lower-cased); 400 otherwise. */
export function referenceField(body: JsonRecord, key: string, fallback: string | null): string | null {
  const value = nullableStringField(body, key, fallback);
  if (value === null || value === fallback) return value;
  if (!isUuid(value)) throw new DomainError(400, `'${key}' must be an id (a UUID string).`);
  return value.toLowerCase();
}

/** The id a post may bring: absent, empty or the nil GUID mean "make one" (null); else a UUID. */
export function requestedId(body: JsonRecord, key: string): string | null {
  const value = field(body, key);
  if (value === undefined || value === null || value === '' || value === NIL_GUID) return null;
  if (typeof value !== 'string' || !isUuid(value)) throw new DomainError(400, `'${key}' must be an id (a UUID string).`);
  return value.toLowerCase();
}

/** The key of the row a patch names (its entity's key property); 400 when missing. */
export function patchKey(body: JsonRecord, key: string): string {
  const value = field(body, key);
  if (typeof value !== 'string' || value === '') throw new DomainError(400, `'${key}' is required.`);
  return value;
}
