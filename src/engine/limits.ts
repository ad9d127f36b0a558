/**
 * Documented limits of form schemas and submitted data (docs/decisions.md, Security and limits: "Schemas … have documented size and depth
 * limits"). The engine refuses anything beyond them before doing any real work, so a hostile schema or body is turned
 * away in milliseconds. The reference server answers 413 for the size limits and 400 for the others.
 */

/** The limits the engine enforces. */
export const FORM_LIMITS = {
  /** Characters of `JSON.stringify({ jsonSchema, layout })` (≈ bytes of the stored schema): 1 MiB. */
  maxSchemaSize: 1_048_576,
  /** Nesting of objects and arrays inside `jsonSchema` or `layout`. */
  maxSchemaDepth: 32,
  /** Fields in a layout, over all pages and sections (a repeatable section counts its fields once). */
  maxFields: 2_000,
  /** Characters of one `pattern` (or `patternProperties` key). */
  maxPatternLength: 1_000,
  /** Characters of `JSON.stringify(data)` of one form instance: 1 MiB. */
  maxDataSize: 1_048_576,
  /** Nesting of objects and arrays inside submitted data. */
  maxDataDepth: 32,
  /**
   * Nesting of rule groups in one `visibleWhen` / `requiredWhen` (the list itself is level 1): deep enough for any
   * condition a person can still read, shallow enough that evaluating it stays cheap.
   */
  maxRuleDepth: 5,
  /**
   * Levels of sections inside sections (a page's own sections are level 1): enough to group a group's parts, few
   * enough that every level keeps a heading of its own on the page (h2 for the page title down to h6).
   */
  maxSectionDepth: 4,
} as const;

/** What a {@link FormLimitError} is about. */
export type FormLimitKind =
  | 'schema-size'
  | 'schema-depth'
  | 'schema-fields'
  | 'schema-layout'
  | 'schema-binding'
  | 'schema-pattern'
  | 'schema-bounds'
  | 'data-size'
  | 'data-depth'
  | 'data-shape'
  | 'data-path';

/** A schema or data refused before validation; `status` is the HTTP status a server should answer with. */
export class FormLimitError extends Error {
  override readonly name = 'FormLimitError';
  /** 413 for the size limits, 400 for everything else. */
  readonly status: 400 | 413;
  constructor(
    readonly kind: FormLimitKind,
    message: string,
  ) {
    super(message);
    this.status = kind === 'schema-size' || kind === 'data-size' ? 413 : 400;
  }
}

/** The depth of nested objects/arrays in `value`, counting stops once `limit` is passed (so it never recurses deeply). */
export function depthExceeds(value: unknown, limit: number): boolean {
  const walk = (node: unknown, depth: number): boolean => {
    if (typeof node !== 'object' || node === null) return false;
    if (depth > limit) return true;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) if (walk(node[i], depth + 1)) return true;
      return false;
    }
    for (const key in node) if (walk((node as Record<string, unknown>)[key], depth + 1)) return true;
    return false;
  };
  return walk(value, 1);
}

/** The length of `value` as JSON text, or Infinity when it cannot be serialised (cycles, BigInt). */
export function jsonSize(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Refuses submitted data that is not a plain JSON object, is too large or too deep, or carries a key that could
 * pollute prototypes (`__proto__`, `constructor`, `prototype`) at any depth.
 */
export function checkDataLimits(data: unknown): void {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new FormLimitError('data-shape', 'The form data must be a JSON object.');
  }
  const size = jsonSize(data);
  if (size > FORM_LIMITS.maxDataSize) {
    throw new FormLimitError('data-size', `The form data is too large: at most ${FORM_LIMITS.maxDataSize} characters are allowed.`);
  }
  if (depthExceeds(data, FORM_LIMITS.maxDataDepth)) {
    throw new FormLimitError('data-depth', `The form data is nested too deeply: at most ${FORM_LIMITS.maxDataDepth} levels are allowed.`);
  }
  const walk = (node: unknown, path: string): void => {
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, `${path}/${i}`));
      return;
    }
    for (const key of Object.keys(node)) {
      if (FORBIDDEN_KEYS.has(key)) {
        throw new FormLimitError('data-path', `The data path '${path}/${key}' is not allowed: the segment '${key}' is reserved.`);
      }
      walk((node as Record<string, unknown>)[key], `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  walk(data, '');
}
