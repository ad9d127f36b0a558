/**
 * Linking a form's fields to the application's data paths (`DynamicFormLinking/GetAllPrimitivePaths`): which paths
 * to suggest for a field, and why (names that match), and whether a path's values fit the field (types that match).
 * React-free, so the linking screen, the test fake and the reference server can share it.
 *
 * Suggestions compare words, not characters: names are split into words (`dateOfBirth`, `Applicant.DOB`,
 * `postal_code`), a few common synonyms are folded together (zip and postcode are postal, tel is phone), and a path
 * is suggested when the field's name is its leaf's name, when they share words, or when a word is spelled almost
 * alike (one typo). Each suggestion carries its reason, which the screen shows: an administrator should see why a
 * path is offered before accepting it, and its confidence: only a name that names the path's leaf exactly is strong,
 * and only strong suggestions are linked in bulk (sharing the word "name" does not make a suffix a first name).
 *
 * Types are strict because `DynamicFormLinking/Create` never coerces: a value that does not fit the field is left
 * empty. So a number path offered to a text field is a mismatch, as is a decimal number to a whole-number field.
 */
import type { JsonObject, JsonValue } from '../../contract/types';
import { describeSchema, prepareSchema, schemaAt } from '../../engine/schema';
import { getAt, parsePointer } from '../../contract/json-pointer';

/** The JSON types an application's primitive value may have. */
export type PrimitiveType = 'string' | 'number' | 'integer' | 'boolean';

/** One path of the application model, with its type when known. */
export interface PrimitivePath {
  /** JSON Pointer into the application (`/applicant/name`). */
  path: string;
  /** The type of its values; null when neither the server nor the example application says. */
  type: PrimitiveType | null;
  /** A string's format (`date`, `date-time`, `email`…), when known. */
  format?: string;
}

const PRIMITIVE_TYPES: readonly string[] = ['string', 'number', 'integer', 'boolean'];

/** The format a string value shows (the ones a form's date and email fields care about), or undefined. */
export function formatOfValue(value: string): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'date';
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return 'date-time';
  if (/^\d{2}:\d{2}(:\d{2})?$/.test(value)) return 'time';
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return 'email';
  return undefined;
}

function typeOfValue(value: unknown): Pick<PrimitivePath, 'type' | 'format'> {
  if (typeof value === 'boolean') return { type: 'boolean' };
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number' };
  if (typeof value === 'string') {
    const format = formatOfValue(value);
    return format ? { type: 'string', format } : { type: 'string' };
  }
  return { type: null };
}

/**
 * The application's paths as the linking screen uses them. `raw` is the answer of `GetAllPrimitivePaths`: plain
 * pointers, or `{ path, type, format }` objects. A path without a type takes it from its value in `example` (the
 * answer of `GetExampleApplication`); entries that are neither are left out, and each path appears once.
 */
export function primitivePathsOf(raw: readonly unknown[], example?: JsonValue | null): PrimitivePath[] {
  const out: PrimitivePath[] = [];
  const seen = new Set<string>();
  for (const entry of raw) {
    let path: string | undefined;
    let declared: Pick<PrimitivePath, 'type' | 'format'> = { type: null };
    if (typeof entry === 'string') path = entry;
    else if (typeof entry === 'object' && entry !== null && typeof (entry as { path?: unknown }).path === 'string') {
      const record = entry as { path: string; type?: unknown; format?: unknown };
      path = record.path;
      const type = typeof record.type === 'string' && PRIMITIVE_TYPES.includes(record.type) ? (record.type as PrimitiveType) : null;
      declared = typeof record.format === 'string' ? { type, format: record.format } : { type };
    }
    if (path === undefined || seen.has(path)) continue;
    seen.add(path);
    if (declared.type === null && example !== undefined && example !== null) {
      let value: unknown;
      try {
        value = getAt(example, path);
      } catch {
        value = undefined;
      }
      declared = typeOfValue(value);
    }
    out.push({ path, ...declared });
  }
  return out;
}

// ------------------------------------------------------------------------------------------------ names

// Words that say nothing about what a field holds.
const STOP_WORDS = new Set(['the', 'of', 'a', 'an', 'and', 'or', 'your', 'my', 'field', 'fld', 'txt', 'text', 'box', 'input', 'value', 'no', 'nr', 'number', 'num']);

// Words that mean the same thing in forms, folded into one.
const SYNONYMS: Readonly<Record<string, string>> = {
  zip: 'postal',
  zipcode: 'postal',
  postcode: 'postal',
  tel: 'phone',
  telephone: 'phone',
  mobile: 'phone',
  cell: 'phone',
  mail: 'email',
  surname: 'last',
  lastname: 'last',
  family: 'last',
  forename: 'first',
  firstname: 'first',
  given: 'first',
  born: 'birth',
  addr: 'address',
  employer: 'employer',
  salary: 'income',
  wage: 'income',
  qty: 'quantity',
  amt: 'amount',
};

// Words that stand for several: a birth date is the date of birth.
const COMPOUNDS: Readonly<Record<string, readonly string[]>> = {
  birthdate: ['birth', 'date'],
  birthday: ['birth', 'date'],
  dob: ['birth', 'date'],
};

// Words of a path's leaf that a field's name may leave out and still name it exactly (a ZIP is a postal code).
const IMPLIED_LEAF_WORDS = new Set(['code']);

/**
 * The words of a name, lower case: camelCase, PascalCase, acronyms, digits and any punctuation split words
 * (`Applicant.DOB2` → applicant, dob, 2). Stop words are kept here; {@link suggestLinks} drops them.
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

function meaningful(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const w of words.flatMap((word) => COMPOUNDS[word] ?? [word])) {
    if (STOP_WORDS.has(w) || /^\d+$/.test(w)) continue;
    const folded = SYNONYMS[w] ?? w;
    if (!out.includes(folded)) out.push(folded);
  }
  return out;
}

/**
 * Whether a field's name names a path's leaf exactly: every word of the name is a word of the leaf and every word of
 * the leaf is in the name (a leaf may add an implied word: a ZIP is a postal code). "Name suffix" does not name
 * `firstName` (only "name" is shared), "Address 2" does not name `/address/city` (only its group), "Birthdate" names
 * `dateOfBirth`.
 */
function namesLeaf(name: readonly string[], leaf: readonly string[]): boolean {
  if (name.length === 0) return false;
  return name.every((w) => leaf.includes(w)) && leaf.every((w) => name.includes(w) || IMPLIED_LEAF_WORDS.has(w));
}

/** Edit distance of two short words, stopping early beyond `max`. */
function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return false;
    previous = current;
  }
  return (previous[b.length] as number) <= max;
}

/** The names a form field goes by: its label, the last segment of its path and its PDF field name. */
export interface LinkableField {
  path: string;
  label: string;
  pdfFieldName?: string;
}

/** Why a path is suggested for a field. */
export type LinkSuggestionReason =
  /** The field's name is the path's last segment (and, with `withGroup`, the segments before it too). */
  | { kind: 'same-name'; name: string; withGroup: boolean }
  /** The names share these words (after folding synonyms). */
  | { kind: 'shared-words'; words: string[] }
  /** A word of the field is spelled almost like a word of the path (one or two letters apart). */
  | { kind: 'similar-spelling'; fieldWord: string; pathWord: string };

/**
 * How sure a suggestion is: `strong` when the field's name names the path's leaf exactly (same words, synonyms
 * folded), `weak` when the names only share some words or are spelled alike. Only strong suggestions are applied in
 * bulk ('Link all suggestions'); a weak one is offered for a person to check.
 */
export type LinkConfidence = 'strong' | 'weak';

/** A path suggested for a field, best first. */
export interface LinkSuggestion {
  path: string;
  /** How close the names are, 0 to 1. */
  score: number;
  confidence: LinkConfidence;
  reason: LinkSuggestionReason;
}

/** Options of {@link suggestLinks}. */
export interface SuggestLinksOptions {
  /** Most suggestions returned. @default 3 */
  limit?: number;
  /** Lowest score suggested. @default 0.3 */
  minScore?: number;
}

function leafOf(pointer: string): string {
  const segments = safeSegments(pointer);
  return segments[segments.length - 1] ?? '';
}

function safeSegments(pointer: string): string[] {
  try {
    return parsePointer(pointer);
  } catch {
    return [];
  }
}

function score(names: readonly string[][], path: string): LinkSuggestion | null {
  const segments = safeSegments(path).filter((s) => !/^\d+$/.test(s));
  const leaf = meaningful(nameWords(segments[segments.length - 1] ?? ''));
  const all = meaningful(segments.flatMap(nameWords));
  if (all.length === 0) return null;
  let best: LinkSuggestion | null = null;
  const offer = (candidate: LinkSuggestion) => {
    if (!best || candidate.score > best.score || (candidate.score === best.score && candidate.confidence === 'strong' && best.confidence === 'weak')) {
      best = candidate;
    }
  };
  for (const name of names) {
    if (name.length === 0) continue;
    const key = name.join(' ');
    if (key === all.join(' ') && all.length > leaf.length) {
      offer({ path, score: 1, confidence: 'strong', reason: { kind: 'same-name', name: segments.join('/'), withGroup: true } });
      continue;
    }
    if (key === leaf.join(' ')) {
      offer({ path, score: 0.9, confidence: 'strong', reason: { kind: 'same-name', name: segments[segments.length - 1] ?? '', withGroup: false } });
      continue;
    }
    const shared = name.filter((w) => all.includes(w));
    if (shared.length > 0) {
      const union = new Set([...name, ...all]).size;
      // Words of the leaf weigh more: "city" names /address/city better than /address/street.
      const onLeaf = shared.some((w) => leaf.includes(w));
      const exact = namesLeaf(name, leaf);
      const value = Math.min(0.85, (shared.length / union) * 0.8 + (onLeaf ? 0.25 : 0) + (exact ? 0.1 : 0));
      offer({ path, score: Number(value.toFixed(3)), confidence: exact ? 'strong' : 'weak', reason: { kind: 'shared-words', words: shared } });
    }
    for (const fieldWord of name) {
      if (fieldWord.length < 4) continue;
      for (const pathWord of leaf) {
        if (pathWord.length < 4 || pathWord === fieldWord) continue;
        const edits = Math.min(fieldWord.length, pathWord.length) >= 7 ? 2 : 1;
        if (withinEdits(fieldWord, pathWord, edits)) {
          offer({ path, score: 0.5, confidence: 'weak', reason: { kind: 'similar-spelling', fieldWord, pathWord } });
        }
      }
    }
  }
  return best;
}

/**
 * The application paths to suggest for `field`, best first: at most `limit`, each with the reason it is offered.
 * The field's label, the last segment of its path and its PDF field name (whole, with its groups) are each compared,
 * and the best of them counts.
 */
export function suggestLinks(field: LinkableField, paths: readonly PrimitivePath[], options: SuggestLinksOptions = {}): LinkSuggestion[] {
  const { limit = 3, minScore = 0.3 } = options;
  const names = [meaningful(nameWords(field.label)), meaningful(nameWords(leafOf(field.path)))];
  if (field.pdfFieldName) {
    names.push(meaningful(nameWords(field.pdfFieldName)));
    names.push(meaningful(nameWords(field.pdfFieldName.split('.').pop() ?? '')));
  }
  const out: LinkSuggestion[] = [];
  for (const p of paths) {
    const found = score(names, p.path);
    if (found && found.score >= minScore) out.push(found);
  }
  return out.sort((a, b) => b.score - a.score || a.path.localeCompare(b.path)).slice(0, limit);
}

// ------------------------------------------------------------------------------------------------ types

/** What a form field holds, read from its schema's JSON Schema at the field's path. */
export interface FieldValueType {
  /** The JSON Schema type; null when the schema does not say. */
  type: PrimitiveType | 'array' | 'object' | 'null' | null;
  format?: string;
}

/** The type of the value a field at `path` holds under `jsonSchema`. */
export function fieldValueType(jsonSchema: JsonObject, path: string): FieldValueType {
  const prepared = prepareSchema(jsonSchema);
  const node = schemaAt(prepared, safeSegments(path).map((s) => (/^\d+$/.test(s) ? '*' : s)));
  if (node === undefined) return { type: null };
  const info = describeSchema(node, prepared);
  const type = (info.type ?? null) as FieldValueType['type'];
  return info.format ? { type, format: info.format } : { type };
}

/** Whether an application path's values fit a field. */
export type LinkTypeCheck =
  | { fits: true }
  /**
   * `type`: the JSON types differ (a number into a text field); `decimal`: any number into a whole-number field;
   * `format`: both are text but of different kinds (a date into an email field); `not-a-value`: the field holds a
   * list or an object, which one primitive value cannot fill.
   */
  | { fits: false; problem: 'type' | 'decimal' | 'format' | 'not-a-value' };

// String formats that make a field refuse other strings: a date field wants dates.
const STRICT_FORMATS = new Set(['date', 'date-time', 'time', 'email']);

/**
 * Whether values of `path` fit a field of type `field`, by the rule `DynamicFormLinking/Create` applies (no
 * coercion). Unknown types on either side fit: there is nothing to warn about.
 */
export function checkLinkTypes(field: FieldValueType, path: Pick<PrimitivePath, 'type' | 'format'>): LinkTypeCheck {
  if (field.type === 'array' || field.type === 'object') return { fits: false, problem: 'not-a-value' };
  if (field.type === null || field.type === 'null' || path.type === null) return { fits: true };
  if (field.type === 'integer') {
    if (path.type === 'integer') return { fits: true };
    return { fits: false, problem: path.type === 'number' ? 'decimal' : 'type' };
  }
  if (field.type === 'number') return path.type === 'number' || path.type === 'integer' ? { fits: true } : { fits: false, problem: 'type' };
  if (field.type !== path.type) return { fits: false, problem: 'type' };
  if (field.type === 'string' && field.format && STRICT_FORMATS.has(field.format) && path.format && path.format !== field.format) {
    return { fits: false, problem: 'format' };
  }
  return { fits: true };
}

/**
 * The suggestion 'Link all strong suggestions' takes for a field: its best strong suggestion whose path's values fit
 * the field (`pathInfo` answers a path's type), or undefined. Weak suggestions and misfits are left to a person.
 */
export function bulkLinkOf(
  suggestions: readonly LinkSuggestion[],
  fieldType: FieldValueType,
  pathInfo: (path: string) => Pick<PrimitivePath, 'type' | 'format'> | undefined,
): LinkSuggestion | undefined {
  return suggestions.find((s) => s.confidence === 'strong' && checkLinkTypes(fieldType, pathInfo(s.path) ?? { type: null }).fits);
}
