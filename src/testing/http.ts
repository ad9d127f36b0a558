/**
 * Response builders, the error type the fake's routes throw, and readers for query strings and
 * JSON bodies. Query names and JSON property names are matched case-insensitively, as ASP.NET Core
 * does.
 */
import { HttpResponse } from 'msw';
import { createProblemDetails, PROBLEM_CONTENT_TYPE } from '../api/problem-details';

export type { ProblemDetails } from '../api/problem-details';

/** An error a route throws to answer with `status` and a problem-details body. */
export class FakeHttpError extends Error {
  override name = 'FakeHttpError';

  constructor(
    /** The HTTP status to answer with. */
    readonly status: number,
    message: string,
    /** Extension members of the problem details, e.g. `{ requiredClaim }`. */
    readonly extensions?: Record<string, unknown>,
  ) {
    super(message);
  }
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
export function problem(status: number, detail: string, extensions: Record<string, unknown> = {}): Response {
  return new HttpResponse(JSON.stringify(createProblemDetails(status, detail, extensions)), {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE },
  });
}

/** Whether a value is a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

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

/** A boolean query parameter (`true` / `false`, any case); `fallback` when absent. */
export function boolQuery(url: URL, name: string, fallback = false, ...aliases: string[]): boolean {
  for (const key of [name, ...aliases]) {
    const value = query(url, key);
    if (value === null || value === '') continue;
    const lower = value.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    throw new FakeHttpError(400, `The query parameter '${key}' must be true or false.`);
  }
  return fallback;
}

/** An integer query parameter; null when absent or empty. */
export function intQuery(url: URL, name: string): number | null {
  const value = query(url, name);
  if (value === null || value === '') return null;
  if (!/^-?\d+$/.test(value)) throw new FakeHttpError(400, `The query parameter '${name}' must be an integer.`);
  return Number(value);
}

/** The request's JSON body (400 when it is not JSON). */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') throw new FakeHttpError(400, 'A JSON body is required.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new FakeHttpError(400, 'The body is not valid JSON.');
  }
}

/** The request's JSON body, which must be an object. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const body = await readJson(request);
  if (!isRecord(body)) throw new FakeHttpError(400, 'The body must be a JSON object.');
  return body;
}

/** A property of a JSON object, its name matched case-insensitively. */
export function prop(body: Record<string, unknown>, name: string): unknown {
  if (Object.prototype.hasOwnProperty.call(body, name)) return body[name];
  const lower = name.toLowerCase();
  const key = Object.keys(body).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : body[key];
}

/** Whether a JSON object has a property (case-insensitively). */
export function hasProp(body: Record<string, unknown>, name: string): boolean {
  const lower = name.toLowerCase();
  return Object.keys(body).some((k) => k.toLowerCase() === lower);
}

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
