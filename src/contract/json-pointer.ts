/**
 * JSON Pointer (RFC 6901): parse, format, read, write and remove, shared by the form engine, the fake backend and
 * the reference server (docs/decisions.md, Security and limits and Forms engine: "Data paths refuse `__proto__`, `constructor` and `prototype`").
 *
 * Writes are immutable: `setAt` and `removeAt` return a new document that shares every untouched branch with the old
 * one, so a caller can compare snapshots by reference (the form engine relies on this).
 */

/** Segments refused anywhere in a data path: writing through them could pollute `Object.prototype`. */
export const FORBIDDEN_POINTER_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Why a pointer was refused. */
export type JsonPointerErrorCode = 'syntax' | 'forbidden-segment' | 'not-a-container' | 'bad-index';

/** A pointer that is malformed, names a forbidden segment, or cannot be written into the given document. */
export class JsonPointerError extends Error {
  override readonly name = 'JsonPointerError';
  constructor(
    message: string,
    /** The pointer as given. */
    readonly pointer: string,
    /** The kind of problem, for callers that map it to a status (all of them are a 400 on the server). */
    readonly code: JsonPointerErrorCode,
  ) {
    super(message);
  }
}

/** A pointer given as text (`/a/0/b`) or as already-parsed segments. */
export type PointerInput = string | readonly (string | number)[];

/** Escapes one reference token: `~` → `~0`, `/` → `~1` (in that order, RFC 6901 §3). */
export function escapePointerSegment(segment: string | number): string {
  const text = String(segment);
  return text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text;
}

/** Unescapes one reference token: `~1` → `/`, `~0` → `~` (in that order, RFC 6901 §4). */
export function unescapePointerSegment(token: string): string {
  return token.includes('~') ? token.replace(/~1/g, '/').replace(/~0/g, '~') : token;
}

function checkSegment(segment: string, pointer: string): void {
  if (FORBIDDEN_POINTER_SEGMENTS.has(segment)) {
    throw new JsonPointerError(
      `The data path '${pointer}' is not allowed: the segment '${segment}' is reserved.`,
      pointer,
      'forbidden-segment',
    );
  }
}

/**
 * The segments of a JSON Pointer: `''` → `[]` (the whole document), `/a~1b/0` → `['a/b', '0']`.
 * Throws {@link JsonPointerError} for a pointer not starting with `/`, a `~` not followed by `0` or `1`, or a
 * forbidden segment (`__proto__`, `constructor`, `prototype`).
 */
export function parsePointer(pointer: string): string[] {
  if (typeof pointer !== 'string') throw new JsonPointerError('A data path must be a string.', String(pointer), 'syntax');
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) {
    throw new JsonPointerError(`'${pointer}' is not a JSON Pointer: it must be empty or start with '/'.`, pointer, 'syntax');
  }
  if (/~(?![01])/.test(pointer)) {
    throw new JsonPointerError(`'${pointer}' is not a JSON Pointer: '~' must be followed by '0' or '1'.`, pointer, 'syntax');
  }
  const segments = pointer.slice(1).split('/').map(unescapePointerSegment);
  for (const segment of segments) checkSegment(segment, pointer);
  return segments;
}

/** The pointer of the given segments (`['a/b', 0]` → `/a~1b/0`); refuses forbidden segments. */
export function formatPointer(segments: readonly (string | number)[]): string {
  const pointer = segments.map((s) => `/${escapePointerSegment(s)}`).join('');
  for (const segment of segments) checkSegment(String(segment), pointer);
  return pointer;
}

/** Whether `pointer` parses and names no forbidden segment. */
export function isValidPointer(pointer: string): boolean {
  try {
    parsePointer(pointer);
    return true;
  } catch {
    return false;
  }
}

/** Joins a base pointer and a relative one: `joinPointer('/items/0', '/name')` → `/items/0/name`. */
export function joinPointer(base: string, ...rest: PointerInput[]): string {
  const segments = parsePointer(base) as (string | number)[];
  for (const part of rest) segments.push(...toSegments(part));
  return formatPointer(segments);
}

function toSegments(input: PointerInput): string[] {
  if (typeof input === 'string') return parsePointer(input);
  const segments = input.map(String);
  // The pointer text is built only for the error message, so reads by segments stay cheap.
  for (const segment of segments) if (FORBIDDEN_POINTER_SEGMENTS.has(segment)) checkSegment(segment, formatPointerUnchecked(segments));
  return segments;
}

function formatPointerUnchecked(segments: readonly string[]): string {
  return segments.map((s) => `/${escapePointerSegment(s)}`).join('');
}

function pointerText(input: PointerInput): string {
  return typeof input === 'string' ? input : formatPointerUnchecked(input.map(String));
}

type Container = Record<string, unknown> | unknown[];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An array index token: `0` or digits without a leading zero (RFC 6901 §4). */
function arrayIndex(token: string): number | null {
  return /^(0|[1-9][0-9]*)$/.test(token) ? Number(token) : null;
}

/**
 * The value at `pointer` in `document`, or `undefined` when any step is missing. Reads only own properties, so
 * inherited members (`toString`, …) are never reached.
 */
export function getAt(document: unknown, pointer: PointerInput): unknown {
  let value: unknown = document;
  for (const segment of toSegments(pointer)) {
    if (Array.isArray(value)) {
      const index = arrayIndex(segment);
      if (index === null || index >= value.length) return undefined;
      value = value[index];
    } else if (isObject(value) && Object.prototype.hasOwnProperty.call(value, segment)) {
      value = value[segment];
    } else {
      return undefined;
    }
  }
  return value;
}

/** Whether `document` has a value (possibly `null`) at `pointer`. */
export function hasAt(document: unknown, pointer: PointerInput): boolean {
  let value: unknown = document;
  for (const segment of toSegments(pointer)) {
    if (Array.isArray(value)) {
      const index = arrayIndex(segment);
      if (index === null || index >= value.length) return false;
      value = value[index];
    } else if (isObject(value) && Object.prototype.hasOwnProperty.call(value, segment)) {
      value = value[segment];
    } else {
      return false;
    }
  }
  return true;
}

function copyWith(container: Container, segment: string, value: unknown, pointer: string): Container {
  if (Array.isArray(container)) {
    const index = segment === '-' ? container.length : arrayIndex(segment);
    if (index === null || index > container.length) {
      throw new JsonPointerError(`The data path '${pointer}' names index '${segment}' outside the array.`, pointer, 'bad-index');
    }
    const copy = container.slice();
    copy[index] = value;
    return copy;
  }
  // Spread copies own enumerable properties only; defineProperty keeps even odd keys data properties.
  const copy: Record<string, unknown> = { ...container };
  Object.defineProperty(copy, segment, { value, writable: true, enumerable: true, configurable: true });
  return copy;
}

/**
 * A copy of `document` with `value` at `pointer`; untouched branches are shared, not copied. Missing objects on the
 * way are created as `{}` (arrays are never created implicitly: create them with a value). In an array, `-` or the
 * array's length appends. Setting the empty pointer returns `value` itself.
 * Throws {@link JsonPointerError} when a step is not an object or array, or an index is outside the array.
 */
export function setAt<T>(document: T, pointer: PointerInput, value: unknown): T {
  const segments = toSegments(pointer);
  const text = pointerText(pointer);
  const write = (node: unknown, depth: number): unknown => {
    if (depth === segments.length) return value;
    const segment = segments[depth] as string;
    const container: Container = node === undefined ? {} : (node as Container);
    if (!Array.isArray(container) && !isObject(container)) {
      const at = formatPointerUnchecked(segments.slice(0, depth));
      throw new JsonPointerError(
        `The data path '${text}' cannot be written: '${at || '/'}' is not an object or array.`,
        text,
        'not-a-container',
      );
    }
    const child = Array.isArray(container)
      ? container[segment === '-' ? container.length : (arrayIndex(segment) ?? -1)]
      : Object.prototype.hasOwnProperty.call(container, segment)
        ? container[segment]
        : undefined;
    return copyWith(container, segment, write(child, depth + 1), text);
  };
  return write(document, 0) as T;
}

/**
 * A copy of `document` without the value at `pointer` (array items are spliced out, so later items move up).
 * Returns `document` itself when nothing is there. Removing the empty pointer returns `undefined`.
 */
export function removeAt<T>(document: T, pointer: PointerInput): T | undefined {
  const segments = toSegments(pointer);
  if (segments.length === 0) return undefined;
  if (!hasAt(document, segments)) return document;
  const remove = (node: unknown, depth: number): unknown => {
    const segment = segments[depth] as string;
    const last = depth === segments.length - 1;
    if (Array.isArray(node)) {
      const index = arrayIndex(segment) as number;
      const copy = node.slice();
      if (last) copy.splice(index, 1);
      else copy[index] = remove(node[index], depth + 1);
      return copy;
    }
    const record = node as Record<string, unknown>;
    if (last) {
      const copy: Record<string, unknown> = {};
      for (const key of Object.keys(record)) {
        if (key !== segment) Object.defineProperty(copy, key, { value: record[key], writable: true, enumerable: true, configurable: true });
      }
      return copy;
    }
    return copyWith(record, segment, remove(record[segment], depth + 1), pointerText(pointer));
  };
  return remove(document, 0) as T;
}
