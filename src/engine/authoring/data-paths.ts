/**
 * Choosing and checking a field's data path while a form is built: a readable path derived from the label, and the
 * specific reason a typed path cannot be used (the same rules the engine enforces when the schema is saved, found
 * early and said precisely).
 */
import type { FormLayout } from '../../contract/types';
import { FORBIDDEN_POINTER_SEGMENTS, JsonPointerError, parsePointer } from '../../contract/json-pointer';
import { allSections } from '../layout-walk';
import { WIDGET_KINDS, type WidgetKindRegistry } from '../widget-kinds';
import { findSection, fullDataPath, isAtOrUnder, layoutFields, segmentsOf } from './layout-paths';

/** Longest segment {@link labelToPath} derives from a label: long enough to read, short enough for a column name. */
export const MAX_DERIVED_SEGMENT = 40;

/**
 * Words of a label: letters and digits, accents dropped (`Prénom de l'élève` → `prenom`, `de`, `l`, `eleve`). A single
 * letter hyphenated to a word is part of it (`E-mail` → `email`, `T-shirt` → `tshirt`); other hyphens part words
 * (`Follow-up` → `follow`, `up`).
 */
function words(label: string): string[] {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/(?<![\p{L}\p{N}])(\p{L})-(?=\p{L})/gu, '$1')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/** camelCase of the label's words (`First name` → `firstName`), or `field` when the label has none. */
function camelSegment(label: string): string {
  const parts = words(label).map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()));
  let segment = parts.join('');
  if (segment.length > MAX_DERIVED_SEGMENT) segment = segment.slice(0, MAX_DERIVED_SEGMENT);
  return segment === '' ? 'field' : segment;
}

/**
 * Whether a data path still follows a label: its last segment is the one {@link labelToPath} derives from the label,
 * possibly numbered (`/address/firstName2` follows `First name`). Such a path is renamed along with the label.
 */
export function pathFollowsLabel(path: string, label: string): boolean {
  const segments = segmentsOf(path);
  const last = segments?.[segments.length - 1];
  if (last === undefined) return path === '';
  const stem = camelSegment(label);
  return last === stem || (last.startsWith(stem) && /^[0-9]+$/.test(last.slice(stem.length)));
}

/** Whether a candidate path clashes with a taken one: the same path, or one inside the other. */
function clashes(candidate: readonly string[], taken: readonly (readonly string[])[]): boolean {
  return taken.some((t) => isAtOrUnder(candidate, t) || isAtOrUnder(t, candidate));
}

/**
 * A readable data path derived from a label (`First name` → `/firstName`), unique among `taken`: a path that is
 * taken, or that one of the taken paths lies inside or under, gets a number (`/firstName2`, `/firstName3` …).
 * `parent` (a pointer, default the root) is the object the new path goes into. Reserved segments (`__proto__`,
 * `constructor`, `prototype`) are never produced.
 */
export function labelToPath(label: string, taken: Iterable<string>, parent = ''): string {
  const takenSegments: string[][] = [];
  for (const path of taken) {
    const segments = segmentsOf(path);
    if (segments) takenSegments.push(segments);
  }
  const parentSegments = segmentsOf(parent) ?? [];
  const stem = camelSegment(label);
  for (let n = 1; ; n++) {
    const segment = n === 1 ? stem : `${stem}${n}`;
    if (FORBIDDEN_POINTER_SEGMENTS.has(segment)) continue;
    const candidate = [...parentSegments, segment];
    if (!clashes(candidate, takenSegments)) return candidate.map((s) => `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
  }
}

/** What is wrong with a data path. */
export type DataPathProblemCode =
  /** Empty: a field that stores a value needs a path. */
  | 'empty'
  /** Not a JSON Pointer (it must start with `/`; `~` must be followed by `0` or `1`). */
  | 'syntax'
  /** A segment is empty (`/a//b`, `/a/`). */
  | 'empty-segment'
  /** A segment is `__proto__`, `constructor` or `prototype`. */
  | 'forbidden-segment'
  /** A segment is `*`, which stands for every item of an array in computations. */
  | 'wildcard'
  /** Another field already uses this path. */
  | 'duplicate'
  /** The path lies inside another field's value (`/a/b` while `/a` is a field). */
  | 'inside-field'
  /** Another field's value lies inside this path (`/a` while `/a/b` is a field). */
  | 'contains-field'
  /** The path is, contains or lies inside the list of a repeatable section it is not part of. */
  | 'repeat-collision';

/** A specific reason a data path cannot be used, with the field or section it clashes with. */
export interface DataPathProblem {
  code: DataPathProblemCode;
  /** The reason in English (the builder shows its own labels, by `code`). */
  message: string;
  /** The reserved segment, for `forbidden-segment` and `wildcard`. */
  segment?: string;
  /** What the path clashes with, for `duplicate`, `inside-field`, `contains-field` and `repeat-collision`. */
  other?: { kind: 'field' | 'section'; id: string; label: string; path: string };
}

/** Where a data path is checked. */
export interface DataPathContext {
  /** The layout the path is to be used in. */
  layout: FormLayout;
  /** The field whose path it is (it is not compared with itself); absent for a field not placed yet. */
  fieldId?: string;
  /**
   * The section the field is in or goes into; default the section holding `fieldId`. A path in a repeatable section
   * is relative to the item of that section.
   */
  sectionId?: string;
  /** The widget kinds (default the built-in ones): fields whose widget stores nothing have no path to clash with. */
  widgets?: WidgetKindRegistry;
}

/**
 * The specific reason `path` cannot be a field's data path in `context`, or null when it can: it must be a non-empty
 * JSON Pointer without empty, `*` or reserved (`__proto__`, `constructor`, `prototype`) segments, no other field may
 * use it, and no field's value may lie inside another's (`/a` a text field while `/a/b` is another field), nor cross
 * the list of a repeatable section.
 */
export function checkDataPath(path: string, context: DataPathContext): DataPathProblem | null {
  if (path === '') return { code: 'empty', message: 'Enter a data path, such as /firstName.' };
  let segments: string[];
  try {
    segments = parsePointer(path);
  } catch (error) {
    if (error instanceof JsonPointerError && error.code === 'forbidden-segment') {
      const segment = path.split('/').find((s) => FORBIDDEN_POINTER_SEGMENTS.has(s)) ?? '__proto__';
      return { code: 'forbidden-segment', segment, message: `The segment '${segment}' is reserved: choose another name.` };
    }
    return {
      code: 'syntax',
      message: path.startsWith('/') ? "A '~' in a data path must be followed by 0 or 1." : "A data path starts with '/', such as /firstName.",
    };
  }
  if (segments.some((s) => s === '')) return { code: 'empty-segment', message: 'A data path has no empty parts: remove the extra /.' };
  if (segments.includes('*')) return { code: 'wildcard', segment: '*', message: "The segment '*' is reserved for the items of a list." };

  const { layout, fieldId, widgets = WIDGET_KINDS } = context;
  const entries = layoutFields(layout, widgets);
  const sectionId = context.sectionId ?? entries.find((e) => e.field.id === fieldId)?.section.id;
  const base = (sectionId !== undefined ? findSection(layout, sectionId)?.base : undefined) ?? '';
  const full = segmentsOf(fullDataPath(base, path)) ?? segments;

  // The lists of repeatable sections first: a path crossing one is best explained by the section, not its fields.
  for (const section of allSections(layout)) {
    const repeatPath = section.repeatable?.path;
    const list = repeatPath ? segmentsOf(repeatPath) : null;
    if (!repeatPath || !list) continue;
    // A field of a section repeating over this list (any such section) lies under its `*`: that is where items go.
    const itemOfList = isAtOrUnder(full, list) && full[list.length] === '*';
    if (itemOfList || !(isAtOrUnder(full, list) || isAtOrUnder(list, full))) continue;
    return {
      code: 'repeat-collision',
      other: { kind: 'section', id: section.id, label: section.title, path: repeatPath },
      message: `The repeatable section '${section.title}' keeps its list at ${repeatPath}: choose a path outside it.`,
    };
  }
  for (const entry of entries) {
    if (entry.field.id === fieldId || entry.fullPath === null) continue;
    const other = segmentsOf(entry.fullPath);
    if (!other) continue;
    const about = { kind: 'field' as const, id: entry.field.id, label: entry.field.label, path: entry.fullPath };
    if (isAtOrUnder(full, other) && isAtOrUnder(other, full)) {
      return { code: 'duplicate', other: about, message: `The field '${entry.field.label}' already uses the data path ${entry.fullPath}.` };
    }
    if (isAtOrUnder(full, other)) {
      return { code: 'inside-field', other: about, message: `This path lies inside ${entry.fullPath}, the value of the field '${entry.field.label}'.` };
    }
    if (isAtOrUnder(other, full)) {
      return { code: 'contains-field', other: about, message: `The field '${entry.field.label}' keeps its value inside this path, at ${entry.fullPath}.` };
    }
  }
  return null;
}

/**
 * A data path derived from `label` that {@link checkDataPath} accepts in `context` (for a new field, or a field whose
 * label changed while its path still follows the label).
 */
export function freeDataPath(label: string, context: DataPathContext): string {
  const { layout, fieldId, widgets = WIDGET_KINDS } = context;
  const entries = layoutFields(layout, widgets);
  const sectionId = context.sectionId ?? entries.find((e) => e.field.id === fieldId)?.section.id;
  const base = (sectionId !== undefined ? findSection(layout, sectionId)?.base : undefined) ?? '';
  // Paths taken in this section's scope, written as the section writes them.
  const taken: string[] = [];
  for (const entry of entries) {
    if (entry.field.id === fieldId || entry.fullPath === null) continue;
    if (base === '' && entry.base === '') taken.push(entry.fullPath);
    else if (base !== '' && entry.base === base) taken.push(entry.field.path);
  }
  if (base === '') for (const s of allSections(layout)) if (s.repeatable) taken.push(s.repeatable.path);
  let candidate = labelToPath(label, taken);
  // Derived paths avoid the scope's own paths; a rare clash elsewhere (a list path inside a repeat) takes the next number.
  for (let n = 2; checkDataPath(candidate, context) !== null && n < 1000; n++) candidate = labelToPath(`${label} ${n}`, taken);
  return candidate;
}
