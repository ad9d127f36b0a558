/**
 * The builder's one reducer: every change to the document is an action applied by immer's `produceWithPatches`, and
 * its inverse patches are the undo step. Undo and redo are therefore the same for every kind of change — a field on
 * another page, a rule, the JSON view's whole-document edit — with no special cases. Pure and React-free.
 */
import { applyPatches, current, enablePatches, isDraft, original, produceWithPatches, type Draft, type Patch } from 'immer';
import type { FormField, FormPage, FormSection, JsonObject, JsonValue } from '../../api/types';
import { escapePointerSegment, isValidPointer, parsePointer } from '../../contract/json-pointer';
import { applyPathRename, fullDataPath, labelToPath, type AuthoringDraft } from '../../engine/authoring';
import { childSections, layoutSectionEntries, repeatBasePath } from '../../engine/layout-walk';
import { jsonEqual } from '../../engine/rules';
import type { WidgetKind } from '../../engine/widget-kinds';
import {
  fieldIdsIn,
  findField,
  findSection,
  freshId,
  leafRules,
  sectionPlaceProblem,
  savedFieldPaths,
  sectionTree,
  siblingsOf,
  usedIds,
  type BuilderDocument,
  type BuilderSelection,
  type SavedFieldPaths,
  type SectionTarget,
} from './document';

enablePatches();

/** How many steps undo keeps; older steps are dropped. */
export const BUILDER_HISTORY_LIMIT = 200;

/** Where a field goes: a section and an index in it (default: its end). */
export interface FieldTarget {
  sectionId: string;
  index?: number;
}

/** The layout properties of a field an update may change (`id` and `path` have their own actions). */
export type FieldChanges = Partial<Omit<FormField, 'id' | 'path'>>;

/**
 * Every change the builder makes, and selection, undo and redo. A change with `typing` was typed in a text box, in the
 * visit that string names (see {@link HistoryStep.typing}).
 */
export type BuilderAction =
  | { type: 'select'; selection: BuilderSelection }
  /** Adds a field of a widget kind (its default field and schema); at `to`, else after the selection. */
  | { type: 'addField'; kind: WidgetKind; to?: FieldTarget }
  | { type: 'addPage'; title: string; sectionTitle: string }
  /**
   * Adds a section (a repeatable one with `repeatable`): at `to` (inside a section with `to.parentId`); else right after
   * the section `after`, or after the selected section (or the selected field's section), at that section's level. A
   * repeatable section that may not go there (inside a repeatable section's items) goes after that repeatable section.
   */
  | { type: 'addSection'; title: string; repeatable?: boolean; to?: SectionTarget; after?: string }
  | { type: 'updateField'; id: string; changes: FieldChanges; typing?: string }
  /** Replaces the JSON Schema of a field's data path and, when given, whether it is required. */
  | { type: 'updateFieldSchema'; id: string; schema: JsonObject; required?: boolean }
  | { type: 'setRequired'; id: string; required: boolean }
  /**
   * Replaces a field's layout properties (not its id or path), its schema node and whether it is required, as one step;
   * with `path`, the field is also renamed to it (as `renamePath` does) in that same step: a label whose data path
   * follows it takes its new path along, so one undo takes back both.
   */
  | { type: 'changeField'; id: string; field: FormField; schema: JsonObject; required: boolean; path?: string; typing?: string }
  | { type: 'updateSection'; id: string; changes: Partial<Omit<FormSection, 'id' | 'fields' | 'sections'>>; typing?: string }
  | { type: 'updatePage'; id: string; changes: Partial<Omit<FormPage, 'id' | 'sections'>>; typing?: string }
  /** Gives a field a new data path: its schema moves with it and every rule and computation naming it is rewritten. */
  | { type: 'renamePath'; id: string; path: string }
  | { type: 'moveField'; id: string; to: FieldTarget }
  /** Moves a field one place up or down, into the previous or next section (on any page) at either end. */
  | { type: 'moveFieldBy'; id: string; delta: -1 | 1 }
  /** Moves a section (with what it holds) to a page or into a section; a place it may not go changes nothing. */
  | { type: 'moveSection'; id: string; to: SectionTarget }
  /**
   * Moves a section one place up or down among the sections beside it; past either end of a section's sections it
   * goes out, before or after that section; past either end of a page's, onto the previous or next page.
   */
  | { type: 'moveSectionBy'; id: string; delta: -1 | 1 }
  | { type: 'movePageBy'; id: string; delta: -1 | 1 }
  /**
   * Duplicates a field, section or page (new ids and data paths). `kind` says which the id is (a page, a section and
   * a field may share an id); without it a field goes first, then a section.
   */
  | { type: 'duplicate'; id: string; kind?: ItemKind }
  /** Deletes a field, section or page (with their data paths' schemas); `kind` as for 'duplicate'. */
  | { type: 'delete'; id: string; kind?: ItemKind }
  /** Replaces the whole document (the JSON view, a template, a restored draft). */
  | { type: 'replaceDocument'; document: BuilderDocument }
  /**
   * Starts over from a loaded document: nothing selected, nothing to undo (loading is not the user's step). With
   * `saved`, the document is a saved version: its fields keep their data paths when their labels change.
   */
  | { type: 'load'; document: BuilderDocument; saved?: boolean }
  /**
   * The document was saved (as `document`, the one the save sent): its fields keep their data paths from now on.
   * Changes nothing else and is no undo step.
   */
  | { type: 'markSaved'; document: BuilderDocument }
  | { type: 'undo' }
  | { type: 'redo' };

/** One undoable step: the patches that made it and those that take it back. */
export interface HistoryStep {
  patches: Patch[];
  inverse: Patch[];
  selectionBefore: BuilderSelection;
  selectionAfter: BuilderSelection;
  /**
   * The documents before and after the step. Undoing from `after` gives back `before` itself (and redoing from
   * `before` gives `after`) rather than a copy rebuilt from the patches: every page, section and field the step touched
   * is the object it was, so what is memoised on them (the canvas's sections and fields, the compiled form) is reused.
   * The two share all they did not change with each other, so keeping them costs about what the patches do.
   */
  before?: BuilderDocument;
  after?: BuilderDocument;
  /**
   * The visit of a text box the step was typed in, as the screen names it (a new name each time a box takes the focus):
   * a change typed next in the same visit joins this step.
   */
  typing?: string;
}

/** The builder's state: the document, the selection and the undo and redo stacks. */
export interface BuilderState {
  document: BuilderDocument;
  selection: BuilderSelection;
  past: readonly HistoryStep[];
  future: readonly HistoryStep[];
  /**
   * The fields of the last saved version, with the data paths they were saved with: a saved field's path never
   * follows its label (a `changeField` naming a new path leaves it as it is); changing it is a `renamePath` of its own.
   * Missing or empty for a form never saved.
   */
  saved?: SavedFieldPaths;
}

const NOTHING_SAVED: SavedFieldPaths = new Map();

/** A fresh state for a document: nothing selected, nothing to undo; `saved` when it is a saved version. */
export function initialBuilderState(document: BuilderDocument, saved = false): BuilderState {
  return { document, selection: null, past: [], future: [], saved: saved ? savedFieldPaths(document) : NOTHING_SAVED };
}

type Doc = Draft<BuilderDocument>;
type SchemaRecord = Record<string, JsonValue>;
const isRecord = (v: unknown): v is SchemaRecord => typeof v === 'object' && v !== null && !Array.isArray(v);

// ---------------------------------------------------------------- finding things in a draft

interface FieldDraft {
  page: Draft<FormPage>;
  pageIndex: number;
  section: Draft<FormSection>;
  field: Draft<FormField>;
  index: number;
  /** The data path the field's path is relative to. */
  base: string;
}

interface SectionDraft {
  page: Draft<FormPage>;
  pageIndex: number;
  section: Draft<FormSection>;
  /** The list holding it (its parent's sections, or its page's) and its index there. */
  list: Draft<FormSection>[];
  index: number;
  parent: Draft<FormSection> | null;
  base: string;
}

// The document's lookups walk a draft afresh each time (see `layoutIndex`): they find nested sections too.
function fieldDraft(doc: Doc, id: string): FieldDraft | null {
  return fieldDraftByOriginal(doc, id) ?? (findField(doc as BuilderDocument, id) as FieldDraft | null);
}

/**
 * The field found in the document the step started from (its lookup kept per layout) and reached in the draft by the
 * same pages, sections and index, each checked by id: walking a whole draft to find one field makes immer draft every
 * page, section and field it passes (300 at 300 fields, on every key typed in a label). Null when the draft no longer
 * has the field there (an earlier part of the same step moved something): the caller walks the draft then.
 */
function fieldDraftByOriginal(doc: Doc, id: string): FieldDraft | null {
  const base = isDraft(doc) ? (original(doc) as BuilderDocument | undefined) : undefined;
  const at = base ? findField(base, id) : null;
  if (!base || !at) return null;
  // The sections from the page down to the field's, by their index in the list that holds each.
  const chain: FormSection[] = [];
  for (let s: FormSection | undefined = at.section; s; ) {
    chain.unshift(s);
    s = findSection(base, s.id)?.parent ?? undefined;
  }
  const page = doc.layout.pages[at.pageIndex];
  if (!page || page.id !== at.page.id) return null;
  let list: Draft<FormSection>[] | undefined = page.sections;
  let originalList: readonly FormSection[] = at.page.sections;
  let section: Draft<FormSection> | undefined;
  for (const wanted of chain) {
    const index = originalList.findIndex((s) => s.id === wanted.id);
    section = list?.[index];
    // The same section, with the same repeat (the data path its fields are relative to).
    if (!section || section.id !== wanted.id || (section.repeatable?.path ?? null) !== (wanted.repeatable?.path ?? null)) return null;
    list = section.sections;
    originalList = wanted.sections ?? [];
  }
  const field = section?.fields[at.index];
  if (!section || !field || field.id !== id) return null;
  return { page, pageIndex: at.pageIndex, section, field, index: at.index, base: at.base };
}

function sectionDraft(doc: Doc, id: string): SectionDraft | null {
  const at = findSection(doc as BuilderDocument, id);
  if (!at) return null;
  return { ...(at as unknown as Omit<SectionDraft, 'list'>), list: siblingsOf(at) as Draft<FormSection>[] };
}

const lastOf = <T>(list: readonly T[]): T | undefined => list[list.length - 1];

// ---------------------------------------------------------------- schema edits on a draft

function containerOfDraft(doc: Doc, base: string, create: boolean): SchemaRecord | null {
  const root = doc.jsonSchema as SchemaRecord;
  if (base === '') return root;
  const array = nodeAt(root, base, create);
  if (!array) return null;
  if (!isRecord(array.items)) {
    if (!create) return null;
    array.type = 'array';
    array.items = { type: 'object', properties: {} };
  }
  return array.items as SchemaRecord;
}

/** The schema node at `path` below `root`, creating object schemas on the way when `create`. */
function nodeAt(root: SchemaRecord, path: string, create: boolean): SchemaRecord | null {
  if (!isValidPointer(path) || path === '') return null;
  let node = root;
  for (const segment of parsePointer(path)) {
    if (!isRecord(node.properties)) {
      if (!create) return null;
      node.properties = {};
    }
    const properties = node.properties as SchemaRecord;
    if (!isRecord(properties[segment])) {
      if (!create) return null;
      properties[segment] = { type: 'object', properties: {} };
    }
    node = properties[segment] as SchemaRecord;
  }
  return node;
}

function parentAndKey(container: SchemaRecord, path: string, create: boolean): { parent: SchemaRecord; key: string } | null {
  if (!isValidPointer(path) || path === '') return null;
  const segments = parsePointer(path);
  const key = lastOf(segments) ?? '';
  const parent = segments.length === 1 ? container : nodeAt(container, `/${segments.slice(0, -1).map(escapePointerSegment).join('/')}`, create);
  return parent ? { parent, key } : null;
}

interface DetachedSchema {
  schema: JsonValue | undefined;
  required: boolean;
}

/** Takes the schema of `path` out of its container (and out of `required`). */
function detachSchema(doc: Doc, base: string, path: string): DetachedSchema {
  const container = containerOfDraft(doc, base, false);
  const at = container && parentAndKey(container, path, false);
  if (!at || !isRecord(at.parent.properties)) return { schema: undefined, required: false };
  const properties = at.parent.properties as SchemaRecord;
  const schema = Object.prototype.hasOwnProperty.call(properties, at.key) ? properties[at.key] : undefined;
  delete properties[at.key];
  let required = false;
  if (Array.isArray(at.parent.required)) {
    const list = at.parent.required as JsonValue[];
    const i = list.indexOf(at.key);
    if (i >= 0) {
      required = true;
      list.splice(i, 1);
      if (list.length === 0) delete at.parent.required;
    }
  }
  return { schema: schema === undefined ? undefined : clone(schema), required };
}

/** Puts a schema at `path` of a container, and into `required` when asked. */
function attachSchema(doc: Doc, base: string, path: string, detached: DetachedSchema): void {
  if (detached.schema === undefined) return;
  const container = containerOfDraft(doc, base, true);
  const at = container && parentAndKey(container, path, true);
  if (!at) return;
  if (!isRecord(at.parent.properties)) at.parent.properties = {};
  (at.parent.properties as SchemaRecord)[at.key] = detached.schema;
  setRequiredAt(at.parent, at.key, detached.required);
}

function setRequiredAt(parent: SchemaRecord, key: string, required: boolean): void {
  const list = Array.isArray(parent.required) ? (parent.required as JsonValue[]) : [];
  const i = list.indexOf(key);
  if (required && i < 0) parent.required = [...list, key];
  if (!required && i >= 0) {
    list.splice(i, 1);
    if (list.length === 0) delete parent.required;
  }
}

/** Whether `path` (or a part of it) is taken in a container's schema. */
function pathTaken(doc: Doc, base: string, path: string): boolean {
  const container = containerOfDraft(doc, base, false);
  if (!container) return false;
  const segments = parsePointer(path);
  // Taken when the whole path exists, or a prefix of it is a property that is not an object schema.
  let node: SchemaRecord | null = container;
  for (const [i, segment] of segments.entries()) {
    const properties: JsonValue | undefined = node?.properties;
    if (!isRecord(properties) || !Object.prototype.hasOwnProperty.call(properties, segment)) return false;
    const next: JsonValue | undefined = properties[segment];
    if (i === segments.length - 1) return true;
    if (!isRecord(next) || next.type !== 'object') return true;
    node = next;
  }
  return true;
}

/** Whether a field of the layout already uses this path in this container. */
function layoutUses(doc: Doc, base: string, path: string, exceptId?: string): boolean {
  for (const entry of layoutSectionEntries(doc.layout as BuilderDocument['layout'])) {
    if (repeatBasePath(entry) === base && entry.section.fields.some((f) => f.id !== exceptId && f.path === path)) return true;
  }
  return false;
}

/** A path in the container derived from `segment`, numbered (`name2`, `name3`…) when taken. */
function freePath(doc: Doc, base: string, segment: string, exceptId?: string): string {
  let candidate = `/${escapePointerSegment(segment)}`;
  for (let n = 2; pathTaken(doc, base, candidate) || layoutUses(doc, base, candidate, exceptId); n++) {
    candidate = `/${escapePointerSegment(`${segment}${n}`)}`;
  }
  return candidate;
}

/** A free path of the root for a repeatable section's array. */
function freeArrayPath(doc: Doc, segment: string): string {
  let candidate = `/${escapePointerSegment(segment)}`;
  for (let n = 2; pathTaken(doc, '', candidate) || repeatUses(doc, candidate); n++) candidate = `/${escapePointerSegment(`${segment}${n}`)}`;
  return candidate;
}

function repeatUses(doc: Doc, path: string): boolean {
  for (const { section } of layoutSectionEntries(doc.layout as BuilderDocument['layout'])) if (section.repeatable?.path === path) return true;
  return false;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * The data path segment the engine's authoring rule derives from a label (`labelToPath`: "First name" → `firstName`,
 * "URL" → `url`), so a new field's path is the one the property pane sees as following its label.
 */
const labelSegment = (label: string): string => parsePointer(labelToPath(label, []))[0] ?? 'field';

// ---------------------------------------------------------------- renames

/**
 * The engine's rename everywhere (`applyPathRename`: the schema node, fields, repeatable lists, rules and
 * computations), run on a plain copy and written back into the draft only where something changed, so untouched
 * fields keep their identity (the canvas re-renders only what the rename changed) and the undo step stays small.
 */
function renameInDraft(doc: Doc, from: string, to: string): boolean {
  const copy = clone(current(doc)) as AuthoringDraft;
  if (!applyPathRename(copy, from, to)) return false;
  reconcile(doc as unknown as Record<string, unknown>, copy as unknown as Record<string, unknown>);
  return true;
}

/** Makes `target` (a draft) equal to `source`, assigning only the branches that differ. */
function reconcile(target: Record<string, unknown> | unknown[], source: Record<string, unknown> | unknown[]): void {
  if (Array.isArray(target) && Array.isArray(source)) {
    if (target.length !== source.length) target.length = source.length;
    source.forEach((value, i) => reconcileKey(target as unknown as Record<string, unknown>, String(i), value));
    return;
  }
  const t = target as Record<string, unknown>;
  const s = source as Record<string, unknown>;
  for (const key of Object.keys(t)) if (!Object.prototype.hasOwnProperty.call(s, key)) delete t[key];
  for (const [key, value] of Object.entries(s)) reconcileKey(t, key, value);
}

function reconcileKey(target: Record<string, unknown>, key: string, value: unknown): void {
  const old = target[key];
  if (typeof old === 'object' && old !== null && typeof value === 'object' && value !== null && Array.isArray(old) === Array.isArray(value)) {
    if (JSON.stringify(old) !== JSON.stringify(value)) reconcile(old as Record<string, unknown>, value as Record<string, unknown>);
  } else if (old !== value) {
    target[key] = value;
  }
}

// ---------------------------------------------------------------- the actions on a draft

function sectionForInsert(doc: Doc, selection: BuilderSelection): { section: Draft<FormSection>; index: number } {
  if (selection?.type === 'field') {
    const at = fieldDraft(doc, selection.id);
    if (at) return { section: at.section, index: at.index + 1 };
  }
  if (selection?.type === 'section') {
    const at = sectionDraft(doc, selection.id);
    if (at) {
      const section = at.section;
      return { section, index: section.fields.length };
    }
  }
  const page = (selection?.type === 'page' && doc.layout.pages.find((p) => p.id === selection.id)) || doc.layout.pages[doc.layout.pages.length - 1];
  if (!page) {
    const taken = usedIds(doc as BuilderDocument);
    doc.layout.pages.push({ id: freshId('page', taken), title: 'Page 1', sections: [] });
  }
  const target = page || (doc.layout.pages[0] as Draft<FormPage>);
  if (target.sections.length === 0) target.sections.push({ id: freshId('section', usedIds(doc as BuilderDocument)), title: '', fields: [] });
  const section = lastOf(target.sections) as Draft<FormSection>;
  return { section, index: section.fields.length };
}

function addField(doc: Doc, kind: WidgetKind, to: FieldTarget | undefined, selection: BuilderSelection): BuilderSelection {
  let section: Draft<FormSection>;
  let index: number;
  let base: string;
  if (to) {
    const at = sectionDraft(doc, to.sectionId);
    if (!at) return selection;
    section = at.section;
    base = at.base;
    index = Math.max(0, Math.min(to.index ?? section.fields.length, section.fields.length));
  } else {
    ({ section, index } = sectionForInsert(doc, selection));
    base = sectionDraft(doc, section.id)?.base ?? '';
  }
  const id = freshId(labelSegment(kind.kind), usedIds(doc as BuilderDocument));
  const stores = kind.value !== 'none';
  const path = stores ? freePath(doc, base, labelSegment(kind.defaultField.label || kind.kind)) : '';
  const field: FormField = { id, path, widget: kind.kind, ...clone(kind.defaultField) };
  section.fields.splice(index, 0, field);
  if (stores) attachSchema(doc, base, path, { schema: clone(kind.defaultSchema), required: false });
  return { type: 'field', id };
}

/** The list a section goes into for a place (a page's sections, or a section's, made when it has none), or null. */
function listAt(doc: Doc, to: SectionTarget): { list: Draft<FormSection>[]; base: string } | null {
  if (to.parentId) {
    const parent = sectionDraft(doc, to.parentId);
    if (!parent || parent.page.id !== to.pageId) return null;
    if (!parent.section.sections) parent.section.sections = [];
    return { list: parent.section.sections, base: parent.base };
  }
  const page = doc.layout.pages.find((p) => p.id === to.pageId);
  return page ? { list: page.sections, base: '' } : null;
}

/**
 * The place right after a section, at its level; for a repeatable section that may not go there (inside a repeatable
 * section's items), right after that repeatable section, at its level (never inside a repeatable section).
 */
function placeAfter(doc: Doc, sectionId: string, repeatable: boolean): SectionTarget | null {
  let at = sectionDraft(doc, sectionId);
  if (!at) return null;
  if (repeatable && sectionPlaceProblem(doc as BuilderDocument, at.parent?.id, { adding: { repeatable } })) {
    const owner = findSection(doc as BuilderDocument, sectionId)?.repeatOwner;
    at = owner ? sectionDraft(doc, owner.id) : null;
    if (!at) return null;
  }
  return { pageId: at.page.id, parentId: at.parent?.id, index: at.index + 1 };
}

function addSection(doc: Doc, action: Extract<BuilderAction, { type: 'addSection' }>, selection: BuilderSelection): BuilderSelection {
  const repeatable = action.repeatable ?? false;
  let to = action.to;
  if (!to) {
    const sectionId = action.after ?? (selection?.type === 'section' ? selection.id : selection?.type === 'field' ? fieldDraft(doc, selection.id)?.section.id : undefined);
    to = (sectionId ? placeAfter(doc, sectionId, repeatable) : null) ?? undefined;
  }
  if (!to) {
    let page = (selection?.type === 'page' && doc.layout.pages.find((p) => p.id === selection.id)) || doc.layout.pages[doc.layout.pages.length - 1];
    if (!page) {
      doc.layout.pages.push({ id: freshId('page', usedIds(doc as BuilderDocument)), title: 'Page 1', sections: [] });
      page = doc.layout.pages[0] as Draft<FormPage>;
    }
    to = { pageId: page.id };
  }
  // Deeper than the limit, or a repeatable section in a repeatable section's items: refused, nothing changes.
  if (sectionPlaceProblem(doc as BuilderDocument, to.parentId, { adding: { repeatable } })) return selection;
  const place = listAt(doc, to);
  if (!place) return selection;
  const id = freshId('section', usedIds(doc as BuilderDocument));
  const section: FormSection = { id, title: action.title, fields: [] };
  if (repeatable) {
    const path = freeArrayPath(doc, labelSegment(action.title || 'items'));
    section.repeatable = { path, minItems: 0 };
    attachSchema(doc, '', path, { schema: { type: 'array', items: { type: 'object', properties: {} } }, required: false });
  }
  place.list.splice(Math.max(0, Math.min(to.index ?? place.list.length, place.list.length)), 0, section);
  return { type: 'section', id };
}

function renamePath(doc: Doc, id: string, path: string): void {
  const at = fieldDraft(doc, id);
  if (!at || at.field.path === path || !isValidPointer(path) || path === '') return;
  const field = at.field;
  const base = at.base;
  if (field.path === '') {
    field.path = path;
    return;
  }
  // The field, its schema node and every rule and computation naming it follow (the engine's authoring rule).
  renameInDraft(doc, fullDataPath(base, field.path), fullDataPath(base, path));
}

/**
 * A field that changed container (in or out of a repeatable section's items): its schema moves to a free path there,
 * and every rule and computation naming it follows (the engine's rename).
 */
function rebaseField(doc: Doc, field: Draft<FormField>, fromBase: string, toBase: string): void {
  if (fromBase === toBase || field.path === '') return;
  const old = field.path;
  const path = freePath(doc, toBase, lastOf(parsePointer(old)) ?? field.id, field.id);
  field.path = path;
  renameInDraft(doc, fullDataPath(fromBase, old), fullDataPath(toBase, path));
}

function moveField(doc: Doc, id: string, to: FieldTarget): void {
  const from = fieldDraft(doc, id);
  const target = sectionDraft(doc, to.sectionId);
  if (!from || !target) return;
  const fromSection = from.section;
  const toSection = target.section;
  const field = from.field;
  fromSection.fields.splice(from.index, 1);
  const index = Math.max(0, Math.min(to.index ?? toSection.fields.length, toSection.fields.length));
  toSection.fields.splice(index, 0, field);
  // Into another container (in or out of a repeatable section's items): the schema moves too, at a free path there.
  rebaseField(doc, field, from.base, target.base);
}

function moveFieldBy(doc: Doc, id: string, delta: -1 | 1): void {
  const at = fieldDraft(doc, id);
  if (!at) return;
  const next = at.index + delta;
  if (next >= 0 && next < at.section.fields.length) {
    moveField(doc, id, { sectionId: at.section.id, index: next });
    return;
  }
  // Past either end: into the neighbouring section in reading order (nested ones included), across pages.
  const sections = Array.from(layoutSectionEntries(doc.layout as BuilderDocument['layout']), (e) => e.section);
  const s = sections.findIndex((x) => x.id === at.section.id);
  const neighbour = sections[s + delta];
  if (!neighbour) return;
  moveField(doc, id, { sectionId: neighbour.id, index: delta < 0 ? neighbour.fields.length : 0 });
}

function moveSection(doc: Doc, id: string, to: SectionTarget): void {
  const from = sectionDraft(doc, id);
  if (!from || sectionPlaceProblem(doc as BuilderDocument, to.parentId, { sectionId: id })) return;
  const section = from.section;
  const fromBase = from.base;
  const place = listAt(doc, to);
  if (!place) return;
  from.list.splice(from.index, 1);
  place.list.splice(Math.max(0, Math.min(to.index ?? place.list.length, place.list.length)), 0, section);
  // A section whose fields change items (into or out of a repeatable section): the fields not under a repeatable
  // section of their own (there is none then) follow, with the rules naming them.
  if (section.repeatable || fromBase === place.base) return;
  const tree = sectionTree(section) as Draft<FormSection>[];
  const renamed = new Map<string, string>();
  for (const s of tree) {
    for (const field of s.fields) {
      const old = field.path;
      rebaseField(doc, field, fromBase, place.base);
      if (field.path !== old) renamed.set(old, field.path);
    }
  }
  // Rules read their own scope (the form, or the item) by paths relative to it: those of the moved fields naming one
  // another stay in one scope, and follow a field that had to take a numbered path there (`from` taken: `from2`).
  if (renamed.size === 0) return;
  const follow = (path: string) => renamed.get(path) ?? path;
  for (const s of tree) {
    for (const field of s.fields) {
      for (const rule of [...leafRules(field.visibleWhen), ...leafRules(field.requiredWhen)]) rule.path = follow(rule.path);
      if (field.computed) field.computed.paths = field.computed.paths.map(follow);
    }
  }
}

function moveSectionBy(doc: Doc, id: string, delta: -1 | 1): void {
  const at = sectionDraft(doc, id);
  if (!at) return;
  const next = at.index + delta;
  if (next >= 0 && next < at.list.length) return moveSection(doc, id, { pageId: at.page.id, parentId: at.parent?.id, index: next });
  // Past either end of a section's sections: out of it, before or after it.
  if (at.parent) {
    const parent = sectionDraft(doc, at.parent.id);
    if (parent) moveSection(doc, id, { pageId: parent.page.id, parentId: parent.parent?.id, index: delta < 0 ? parent.index : parent.index + 1 });
    return;
  }
  const neighbour = doc.layout.pages[at.pageIndex + delta];
  if (neighbour) moveSection(doc, id, { pageId: neighbour.id, index: delta < 0 ? neighbour.sections.length : 0 });
}

function movePageBy(doc: Doc, id: string, delta: -1 | 1): void {
  const pages = doc.layout.pages;
  const i = pages.findIndex((p) => p.id === id);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= pages.length) return;
  const page = pages[i] as Draft<FormPage>;
  pages.splice(i, 1);
  pages.splice(j, 0, page);
}

function copyField(doc: Doc, field: FormField, fromBase: string, toBase: string, taken: Set<string>): FormField {
  const id = freshId(field.id.replace(/-\d+$/, ''), taken);
  taken.add(id);
  const copy: FormField = { ...clone(field), id };
  if (field.path !== '') {
    const source = containerOfDraft(doc, fromBase, false);
    const schema = source && nodeAt(source, field.path, false);
    const segments = parsePointer(field.path);
    const requiredParent = source && parentAndKey(source, field.path, false);
    const required = !!requiredParent && Array.isArray(requiredParent.parent.required) && requiredParent.parent.required.includes(requiredParent.key);
    copy.path = freePath(doc, toBase, lastOf(segments) ?? 'field');
    attachSchema(doc, toBase, copy.path, { schema: schema ? clone(schema) : {}, required });
  }
  return copy;
}

/** A field copied into a copied repeatable section's items: same path in the new array, new id. */
function copyItemField(doc: Doc, field: FormField, fromBase: string, toBase: string, taken: Set<string>): FormField {
  const source = containerOfDraft(doc, fromBase, false);
  const schema = source && nodeAt(source, field.path, false);
  const id = freshId(field.id.replace(/-\d+$/, ''), taken);
  taken.add(id);
  const at = source && parentAndKey(source, field.path, false);
  const required = !!at && Array.isArray(at.parent.required) && at.parent.required.includes(at.key);
  attachSchema(doc, toBase, field.path, { schema: schema ? clone(schema) : {}, required });
  return { ...clone(field), id };
}

/**
 * A copy of a section and the sections inside it, with new ids. Fields of a plain section get fresh paths in the same
 * container (`fromBase` = `toBase`); a repeatable section gets a new array, and the fields of its items (those of the
 * sections inside it too) keep their paths inside it (`fromBase` ≠ `toBase` below it).
 */
function copySection(doc: Doc, section: FormSection, taken: Set<string>, fromBase = '', toBase = fromBase): FormSection {
  const id = freshId('section', taken);
  taken.add(id);
  const copy: FormSection = { ...clone(section), id, fields: [] };
  let from = fromBase;
  let to = toBase;
  if (section.repeatable) {
    const segments = parsePointer(section.repeatable.path);
    const path = freeArrayPath(doc, lastOf(segments) ?? 'items');
    copy.repeatable = { ...section.repeatable, path };
    const source = nodeAt(doc.jsonSchema as SchemaRecord, section.repeatable.path, false);
    // The array's schema with its item properties emptied: the copied fields add theirs.
    const array: SchemaRecord = source ? clone(source) : { type: 'array', items: { type: 'object', properties: {} } };
    if (isRecord(array.items)) {
      array.items.properties = {};
      delete array.items.required;
    }
    attachSchema(doc, '', path, { schema: array, required: false });
    from = section.repeatable.path;
    to = path;
  }
  const keepPaths = from !== to;
  copy.fields = section.fields.map((f) => (keepPaths && f.path !== '' ? copyItemField(doc, f, from, to, taken) : copyField(doc, f, from, to, taken)));
  if (section.sections) copy.sections = childSections(section).map((s) => copySection(doc, s, taken, from, to));
  return copy;
}

/** Which kind of item an id names: a page, a section and a field may share an id. */
export type ItemKind = NonNullable<BuilderSelection>['type'];

/** Whether an action for `kind` (none: any, a field first) may take an item of kind `candidate`. */
const mayBe = (kind: ItemKind | undefined, candidate: ItemKind) => kind === undefined || kind === candidate;

function duplicate(doc: Doc, id: string, selection: BuilderSelection, kind?: ItemKind): BuilderSelection {
  const taken = usedIds(doc as BuilderDocument);
  const field = mayBe(kind, 'field') ? fieldDraft(doc, id) : null;
  if (field) {
    const section = field.section;
    const copy = copyField(doc, field.field as FormField, field.base, field.base, taken);
    copy.label = field.field.label;
    section.fields.splice(field.index + 1, 0, copy);
    return { type: 'field', id: copy.id };
  }
  const section = mayBe(kind, 'section') ? sectionDraft(doc, id) : null;
  if (section) {
    const copy = copySection(doc, clone(section.section), taken, section.base);
    section.list.splice(section.index + 1, 0, copy);
    return { type: 'section', id: copy.id };
  }
  const p = mayBe(kind, 'page') ? doc.layout.pages.findIndex((x) => x.id === id) : -1;
  if (p >= 0) {
    const source = clone(doc.layout.pages[p]) as FormPage;
    const pageId = freshId('page', taken);
    taken.add(pageId);
    const copy: FormPage = { ...source, id: pageId, sections: source.sections.map((s) => copySection(doc, s, taken)) };
    doc.layout.pages.splice(p + 1, 0, copy);
    return { type: 'page', id: pageId };
  }
  return selection;
}

function deleteFieldAt(doc: Doc, id: string): void {
  const at = fieldDraft(doc, id);
  if (!at) return;
  at.section.fields.splice(at.index, 1);
  const base = at.base;
  // The schema goes too, unless another field of the same container still shows that path.
  if (at.field.path !== '' && !layoutUses(doc, base, at.field.path)) detachSchema(doc, base, at.field.path);
}

/** Deletes a section with the sections inside it, their fields' schemas and their lists' schemas. */
function deleteSection(doc: Doc, id: string): void {
  const at = sectionDraft(doc, id);
  if (!at) return;
  for (const fieldId of fieldIdsIn(doc as BuilderDocument, id)) deleteFieldAt(doc, fieldId);
  const lists = sectionTree(at.section as FormSection).flatMap((s) => (s.repeatable ? [s.repeatable.path] : []));
  at.list.splice(at.index, 1);
  // A list's schema goes unless a section left elsewhere repeats over it too.
  for (const path of lists) if (!repeatUses(doc, path)) detachSchema(doc, '', path);
}

function deleteAny(doc: Doc, id: string, selection: BuilderSelection, kind?: ItemKind): BuilderSelection {
  const field = mayBe(kind, 'field') ? fieldDraft(doc, id) : null;
  if (field) {
    const fields = field.section.fields;
    const neighbour = fields[field.index + 1] ?? fields[field.index - 1];
    deleteFieldAt(doc, id);
    return neighbour ? { type: 'field', id: neighbour.id } : { type: 'section', id: field.section.id };
  }
  const section = mayBe(kind, 'section') ? sectionDraft(doc, id) : null;
  if (section) {
    deleteSection(doc, id);
    return { type: 'page', id: section.page.id };
  }
  const p = mayBe(kind, 'page') ? doc.layout.pages.findIndex((x) => x.id === id) : -1;
  // A form keeps at least one page.
  if (p >= 0 && doc.layout.pages.length > 1) {
    for (const s of [...(doc.layout.pages[p]?.sections ?? [])]) deleteSection(doc, s.id);
    doc.layout.pages.splice(p, 1);
    const next = doc.layout.pages[Math.min(p, doc.layout.pages.length - 1)];
    return next ? { type: 'page', id: next.id } : null;
  }
  return selection;
}

function assign<T extends object>(target: T, changes: Partial<T>): void {
  const record = target as Record<string, unknown>;
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete record[key];
    // A value equal to the one there is left as it is (the same object after the step): a field's options or rules
    // handed back unchanged beside a new label stay the document's own, so the canvas sees a change of texts only.
    else if (!(key in record && jsonEqual(isDraft(record[key]) ? current(record[key]) : record[key], value))) record[key] = clone(value);
  }
}

type KeepSelectionAction = Extract<BuilderAction, { type: 'renamePath' | 'moveField' | 'moveFieldBy' | 'moveSection' | 'moveSectionBy' | 'movePageBy' }>;

/**
 * The actions that change where an item sits or what path it has, and leave the selection as it was (the item moved
 * or renamed stays selected): each is one function of the draft and the action.
 */
const KEEP_SELECTION: { [T in KeepSelectionAction['type']]: (doc: Doc, action: Extract<KeepSelectionAction, { type: T }>) => void } = {
  renamePath: (doc, a) => renamePath(doc, a.id, a.path),
  moveField: (doc, a) => moveField(doc, a.id, a.to),
  moveFieldBy: (doc, a) => moveFieldBy(doc, a.id, a.delta),
  moveSection: (doc, a) => moveSection(doc, a.id, a.to),
  moveSectionBy: (doc, a) => moveSectionBy(doc, a.id, a.delta),
  movePageBy: (doc, a) => movePageBy(doc, a.id, a.delta),
};

/** Applies a document action to a draft; returns the selection after it. */
function apply(doc: Doc, action: BuilderAction, selection: BuilderSelection): BuilderSelection {
  switch (action.type) {
    case 'addField':
      return addField(doc, action.kind, action.to, selection);
    case 'addPage': {
      const taken = usedIds(doc as BuilderDocument);
      const id = freshId('page', taken);
      taken.add(id);
      const after = selection ? pageIndexOf(doc, selection) : -1;
      const page: FormPage = { id, title: action.title, sections: [{ id: freshId('section', taken), title: action.sectionTitle, fields: [] }] };
      doc.layout.pages.splice(after >= 0 ? after + 1 : doc.layout.pages.length, 0, page);
      return { type: 'page', id };
    }
    case 'addSection':
      return addSection(doc, action, selection);
    case 'updateField': {
      const at = fieldDraft(doc, action.id);
      if (at) assign(at.field, action.changes);
      return selection;
    }
    case 'changeField': {
      // The rename first, so the schema node given below is written at the path the field now has.
      if (action.path !== undefined) renamePath(doc, action.id, action.path);
      const at = fieldDraft(doc, action.id);
      if (!at) return selection;
      const { id: _id, path: _path, ...rest } = action.field;
      const changes: Record<string, unknown> = { ...rest };
      for (const key of Object.keys(at.field)) if (key !== 'id' && key !== 'path' && !(key in changes)) changes[key] = undefined;
      assign(at.field, changes as FieldChanges);
      if (at.field.path !== '') apply(doc, { type: 'updateFieldSchema', id: action.id, schema: action.schema, required: action.required }, selection);
      return selection;
    }
    case 'updateFieldSchema':
    case 'setRequired': {
      const at = fieldDraft(doc, action.id);
      if (!at || at.field.path === '') return selection;
      const base = at.base;
      const container = containerOfDraft(doc, base, true);
      const place = container && parentAndKey(container, at.field.path, true);
      if (!place) return selection;
      if (!isRecord(place.parent.properties)) place.parent.properties = {};
      // An equal node is left as it is: a label typed in the property pane hands back the same schema on every key, and
      // a new schema object would make the canvas's engine take the whole schema again (every field re-renders).
      const node = (place.parent.properties as SchemaRecord)[place.key];
      if (action.type === 'updateFieldSchema' && !jsonEqual(node, action.schema)) (place.parent.properties as SchemaRecord)[place.key] = clone(action.schema);
      const required = action.type === 'setRequired' ? action.required : action.required;
      if (required !== undefined) setRequiredAt(place.parent, place.key, required);
      return selection;
    }
    case 'updateSection': {
      const at = sectionDraft(doc, action.id);
      if (!at) return selection;
      const section = at.section;
      const oldPath = section.repeatable?.path;
      const newPath = action.changes.repeatable?.path;
      // A repeatable section's list renamed: its schema, its fields' rules and every rule naming it follow.
      if (oldPath && newPath && oldPath !== newPath && isValidPointer(newPath) && newPath !== '') {
        if (!renameInDraft(doc, oldPath, newPath)) return selection;
      }
      assign(section, action.changes);
      return selection;
    }
    case 'updatePage': {
      const page = doc.layout.pages.find((p) => p.id === action.id);
      if (page) assign(page, action.changes);
      return selection;
    }
    case 'renamePath':
    case 'moveField':
    case 'moveFieldBy':
    case 'moveSection':
    case 'moveSectionBy':
    case 'movePageBy':
      (KEEP_SELECTION[action.type] as (doc: Doc, action: KeepSelectionAction) => void)(doc, action);
      return selection;
    case 'duplicate':
      return duplicate(doc, action.id, selection, action.kind);
    case 'delete':
      return deleteAny(doc, action.id, selection, action.kind);
    case 'replaceDocument':
      doc.jsonSchema = clone(action.document.jsonSchema) as Draft<JsonObject>;
      doc.layout = clone(action.document.layout) as Draft<BuilderDocument['layout']>;
      return selectionStillThere(action.document, selection);
    default:
      return selection;
  }
}

function pageIndexOf(doc: Doc, selection: NonNullable<BuilderSelection>): number {
  if (selection.type === 'page') return doc.layout.pages.findIndex((p) => p.id === selection.id);
  if (selection.type === 'section') return sectionDraft(doc, selection.id)?.pageIndex ?? -1;
  return fieldDraft(doc, selection.id)?.pageIndex ?? -1;
}

/**
 * Whether two selections name the same item. A click on the item already selected makes a selection equal to the
 * current one: the state stays the same object, so nothing that reads the selection draws again.
 */
function sameSelection(a: BuilderSelection, b: BuilderSelection): boolean {
  return a === b || (a !== null && b !== null && a.type === b.type && a.id === b.id);
}

function selectionStillThere(doc: BuilderDocument, selection: BuilderSelection): BuilderSelection {
  if (!selection) return null;
  if (selection.type === 'field') return findField(doc, selection.id) ? selection : null;
  if (selection.type === 'section') return findSection(doc, selection.id) ? selection : null;
  return doc.layout.pages.some((p) => p.id === selection.id) ? selection : null;
}

/**
 * The builder's reducer. A document action becomes one undo step (its inverse patches) when it changes something;
 * an action that changes nothing (moving the first field up) leaves the history alone. A new step clears redo.
 */
export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'load':
      return initialBuilderState(action.document, action.saved);
    case 'markSaved':
      return { ...state, saved: savedFieldPaths(action.document) };
    case 'select':
      return sameSelection(action.selection, state.selection) ? state : { ...state, selection: selectionStillThere(state.document, action.selection) };
    case 'undo': {
      const step = state.past[state.past.length - 1];
      if (!step) return state;
      const document = step.before && step.after === state.document ? step.before : applyPatches(state.document, step.inverse);
      return {
        ...state,
        document,
        selection: selectionStillThere(document, step.selectionBefore),
        past: state.past.slice(0, -1),
        future: [...state.future, step],
      };
    }
    case 'redo': {
      const step = state.future[state.future.length - 1];
      if (!step) return state;
      const document = step.after && step.before === state.document ? step.after : applyPatches(state.document, step.patches);
      return {
        ...state,
        document,
        selection: selectionStillThere(document, step.selectionAfter),
        past: [...state.past, step],
        future: state.future.slice(0, -1),
      };
    }
    default: {
      let selection = state.selection;
      // A saved field keeps its data path when its label changes: the label is applied, the path it would follow is not.
      const applied = action.type === 'changeField' && action.path !== undefined && state.saved?.has(action.id) ? { ...action, path: undefined } : action;
      const [document, patches, inverse] = produceWithPatches(state.document, (draft) => {
        selection = apply(draft, applied, state.selection);
      });
      if (patches.length === 0) return sameSelection(selection, state.selection) ? state : { ...state, selection };
      // What is typed in one visit of a text box is one step: a key joins the step the key before it made, while that
      // step is the last one (no other change and no undo came between), so one Ctrl+Z takes back the whole text
      // typed there, and a long text typed does not push earlier steps out of the history.
      const typing = 'typing' in action ? action.typing : undefined;
      const last = state.past[state.past.length - 1];
      if (typing !== undefined && last?.typing === typing && state.future.length === 0 && last.after === state.document) {
        const joined: HistoryStep = {
          patches: [...last.patches, ...patches],
          inverse: [...inverse, ...last.inverse],
          selectionBefore: last.selectionBefore,
          selectionAfter: selection,
          before: last.before,
          after: document,
          typing,
        };
        return { ...state, document, selection, past: [...state.past.slice(0, -1), joined], future: [] };
      }
      const step: HistoryStep = { patches, inverse, selectionBefore: state.selection, selectionAfter: selection, before: state.document, after: document, ...(typing !== undefined ? { typing } : null) };
      const past = state.past.length >= BUILDER_HISTORY_LIMIT ? [...state.past.slice(1), step] : [...state.past, step];
      return { ...state, document, selection, past, future: [] };
    }
  }
}

/** Whether there is a step to undo / redo. */
export const canUndo = (state: BuilderState): boolean => state.past.length > 0;
export const canRedo = (state: BuilderState): boolean => state.future.length > 0;
