/**
 * Strict readers of JSON request bodies. Property names are matched case-insensitively (as ASP.NET
 * Core binds them); every failure is a 400 whose message names the offending field.
 */
import type { Context } from 'hono';
import { HttpError, isUuid } from './http';

/** Largest number of items any array of a request body may hold. */
export const MAX_BODY_ARRAY = 1000;

/** The request's JSON body, which must be an object. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(type.trim())) {
    throw new HttpError(415, 'The body must be JSON (Content-Type: application/json).');
  }
  const text = await c.req.text();
  if (text.trim() === '') throw new HttpError(400, 'A JSON body is required.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

/** A property of a JSON object, its name matched case-insensitively. */
export function field(body: Record<string, unknown>, name: string): unknown {
  if (Object.prototype.hasOwnProperty.call(body, name)) return body[name];
  const lower = name.toLowerCase();
  const key = Object.keys(body).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : body[key];
}

/** An array property (absent or null reads as empty); 400 when not an array or too long. */
export function arrayField(body: Record<string, unknown>, name: string): unknown[] {
  const value = field(body, name);
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new HttpError(400, `'${name}' must be an array.`);
  if (value.length > MAX_BODY_ARRAY) {
    throw new HttpError(400, `'${name}' has ${value.length} items; at most ${MAX_BODY_ARRAY} are allowed.`);
  }
  return value;
}

/** An array of ids (UUID strings), without duplicates, in first-seen order. */
export function idArrayField(body: Record<string, unknown>, name: string): string[] {
  const ids: string[] = [];
  const seen = new Set<string>();
  arrayField(body, name).forEach((value, index) => {
    if (typeof value !== 'string' || !isUuid(value)) {
      throw new HttpError(400, `'${name}[${index}]' must be an id (a UUID string).`);
    }
    const id = value.toLowerCase();
    if (!seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  });
  return ids;
}

/** An array of integers, without duplicates. */
export function intArrayField(body: Record<string, unknown>, name: string): number[] {
  const values = new Set<number>();
  arrayField(body, name).forEach((value, index) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      throw new HttpError(400, `'${name}[${index}]' must be an integer.`);
    }
    values.add(value);
  });
  return [...values];
}

/** A boolean property; `fallback` when absent or null. */
export function boolField(body: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const value = field(body, name);
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw new HttpError(400, `'${name}' must be true or false.`);
  return value;
}
