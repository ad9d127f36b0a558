/**
 * Response builders, the error type the fake's routes throw, and readers for query strings and
 * JSON bodies (the domain's readers: names matched case-insensitively, as ASP.NET Core does).
 */
import { HttpResponse } from 'msw';
import { createProblemDetails, PROBLEM_CONTENT_TYPE } from '../api/problem-details';
import { DomainError, field, hasField, isJsonRecord, parseJsonText, requireJsonObject } from '../domain';

export type { ProblemDetails } from '../api/problem-details';

/**
 * An error a route throws to answer with `status` and a problem-details body: the domain's error
 * type (the fake answers every `DomainError` alike).
 */
export class FakeHttpError extends DomainError {
  override name = 'FakeHttpError';
}

/** A JSON response. `Date`s are written as ISO strings. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new HttpResponse(JSON.stringify(body ?? null), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** A 200 response with an empty body (the client reads it as null). */
export function ok(): Response {
  return new HttpResponse(null, { status: 200 });
}

/** A 204 response. */
export function noContent(): Response {
  return new HttpResponse(null, { status: 204 });
}

/** An error response with a problem-details body. */
export function problem(status: number, detail: string, extensions: Readonly<Record<string, unknown>> = {}, headers: Record<string, string> = {}): Response {
  return new HttpResponse(JSON.stringify(createProblemDetails(status, detail, extensions)), {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...headers },
  });
}

/** Whether a value is a plain object (not null, not an array). */
export const isRecord = isJsonRecord;

/** A query parameter, its name matched case-insensitively; null when absent. */
export function query(url: URL, name: string): string | null {
  const lower = name.toLowerCase();
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === lower) return value;
  return null;
}

/** A query parameter that must be present (400 otherwise). */
export function requiredQuery(url: URL, name: string): string {
  const value = query(url, name);
  if (value === null) throw new FakeHttpError(400, `The query parameter '${name}' is required.`);
  return value;
}

/** The request's JSON body, which must be an object (400 otherwise; 413 past `maxBytes`, by default the domain's request limit). */
export async function readJsonObject(request: Request, maxBytes?: number): Promise<Record<string, unknown>> {
  return requireJsonObject(parseJsonText(await request.text(), maxBytes));
}

/** A property of a JSON object, its name matched case-insensitively. */
export const prop = field;

/** Whether a JSON object has a property (case-insensitively). */
export const hasProp = hasField;

/** A string-array property; `[]` when absent or null. */
export function stringArrayProp(body: Record<string, unknown>, name: string): string[] {
  const value = prop(body, name);
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((v): v is string => typeof v === 'string')) {
    throw new FakeHttpError(400, `'${name}' must be an array of strings.`);
  }
  return value;
}

/** A boolean property; `fallback` when absent or null. */
export function boolProp(body: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const value = prop(body, name);
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw new FakeHttpError(400, `'${name}' must be a boolean.`);
  return value;
}

/** RFC 5987 encoding of a header parameter value (`filename*=UTF-8''…`). */
export function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
