/**
 * The builder's document — the JSON Schema of the data and the layout being built — and the pure lookups the
 * reducer and the builder's panes share. React-free: a host, a test or a worker can run the same model.
 *
 * Data paths: a field's `path` is a JSON Pointer into the instance data, relative to the item of its section when
 * the section repeats (the section's `repeatable.path` is then the array). The schema node of a path is found by
 * walking `properties` from the section's container: the root schema, or the `items` of the repeated array.
 */
import { isDraft } from 'immer';
import type { FieldRule, FieldRuleNode, FormField, FormLayout, FormPage, FormSection, JsonObject, JsonValue } from '../../api/types';
import { escapePointerSegment, isValidPointer, parsePointer } from '../../contract/json-pointer';
import { childSections, layoutSectionEntries, repeatBasePath, type SectionEntry } from '../../engine/layout-walk';
import { FORM_LIMITS } from '../../engine/limits';

/** What the builder edits: the two halves of a form schema. */
export interface BuilderDocument {
  /** JSON Schema 2020-12 of the data. */
  jsonSchema: JsonObject;
  /** Pages → sections → fields. */
  layout: FormLayout;
}

/** What is selected in the builder: a field, a section or a page, by id; or nothing. */
export type BuilderSelection = { type: 'field' | 'section' | 'page'; id: string } | null;

/** Where a field sits: its page and section, and its index in the section. */
export interface FieldLocation {
  page: FormPage;
  pageIndex: number;
  section: FormSection;
  /** The index of the field's section in the list that holds it (its page's or its parent section's sections). */
  sectionIndex: number;
  field: FormField;
  index: number;
  /** The data path the field's path is relative to: the array of the repeatable section whose items hold it, or ''. */
  base: string;
}

/** Where a section sits: its page, the section holding it (if any), its level and its index in its list. */
export interface SectionLocation {
  page: FormPage;
  pageIndex: number;
  section: FormSection;
  /** The index in the list that holds it: its parent's `sections`, or its page's for a page's own section. */
  index: number;
  /** The section it sits in; null for a page's own sections. */
  parent: FormSection | null;
  /** 1 for a page's own sections, one more for each section around it. */
  depth: number;
  /** The repeatable section whose items hold its fields (itself when repeatable), or null. */
  repeatOwner: FormSection | null;
  /** The data path its fields' paths are relative to (the array of `repeatOwner`, or ''). */
  base: string;
}

/** An empty document: one page with one section and an object schema without properties. */
export function emptyDocument(pageTitle = 'Page 1', sectionTitle = 'Section 1'): BuilderDocument {
  return {
    jsonSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: {} },
    layout: { pages: [{ id: 'page-1', title: pageTitle, sections: [{ id: 'section-1', title: sectionTitle, fields: [] }] }] },
  };
}

/** The list a section sits in: its parent's `sections`, or its page's. */
export function siblingsOf(entry: Pick<SectionEntry, 'page' | 'parent'>): FormSection[] {
  return entry.parent ? (entry.parent.sections ?? []) : entry.page.sections;
}

function sectionLocation(entry: SectionEntry): SectionLocation {
  const id = entry.section.id;
  return {
    page: entry.page,
    pageIndex: entry.pageIndex,
    section: entry.section,
    index: siblingsOf(entry).findIndex((s) => s.id === id),
    parent: entry.parent,
    depth: entry.depth,
    repeatOwner: entry.repeatOwner,
    base: repeatBasePath(entry),
  };
}

interface LayoutIndex {
  sections: Map<string, SectionEntry>;
  fields: Map<string, { entry: SectionEntry; index: number }>;
}

/**
 * The sections and fields of a layout by id, built by one walk and kept per layout object: a finished document does
 * not change (each edit makes a new layout), so the canvas's many lookups of one render cost one walk. An immer draft
 * changes in place, so it is walked each time.
 */
const indexes = new WeakMap<FormLayout, LayoutIndex>();

function layoutIndex(layout: FormLayout): LayoutIndex {
  const cached = isDraft(layout) ? undefined : indexes.get(layout);
  if (cached) return cached;
  const index: LayoutIndex = { sections: new Map(), fields: new Map() };
  for (const entry of layoutSectionEntries(layout)) {
    if (!index.sections.has(entry.section.id)) index.sections.set(entry.section.id, entry);
    entry.section.fields.forEach((field, i) => {
      if (!index.fields.has(field.id)) index.fields.set(field.id, { entry, index: i });
    });
  }
  if (!isDraft(layout)) indexes.set(layout, index);
  return index;
}

/** The field with this id, with its page and section, or null. */
export function findField(doc: BuilderDocument, id: string): FieldLocation | null {
  const at = layoutIndex(doc.layout).fields.get(id);
  const field = at?.entry.section.fields[at.index];
  if (!at || !field) return null;
  const section = sectionLocation(at.entry);
  return { page: section.page, pageIndex: section.pageIndex, section: section.section, sectionIndex: section.index, field, index: at.index, base: section.base };
}

/** The section with this id, with its page, its parent and its level, or null. */
export function findSection(doc: BuilderDocument, id: string): SectionLocation | null {
  const entry = layoutIndex(doc.layout).sections.get(id);
  return entry ? sectionLocation(entry) : null;
}

/** The data path the fields of a section are relative to: the array of the repeatable section whose items hold them. */
export function sectionBase(doc: BuilderDocument, section: FormSection): string {
  const entry = layoutIndex(doc.layout).sections.get(section.id);
  return entry ? repeatBasePath(entry) : containerOf(section);
}

/** Every field of the document in reading order, with its section (nested sections' fields included). */
export function allFields(doc: BuilderDocument): { field: FormField; section: FormSection; page: FormPage; base: string }[] {
  const out: { field: FormField; section: FormSection; page: FormPage; base: string }[] = [];
  for (const entry of layoutSectionEntries(doc.layout)) {
    const base = repeatBasePath(entry);
    for (const field of entry.section.fields) out.push({ field, section: entry.section, page: entry.page, base });
  }
  return out;
}

/** Every id used by a page, section or field. */
export function usedIds(doc: BuilderDocument): Set<string> {
  const ids = new Set<string>(doc.layout.pages.map((p) => p.id));
  for (const { section } of layoutSectionEntries(doc.layout)) {
    ids.add(section.id);
    for (const field of section.fields) ids.add(field.id);
  }
  return ids;
}

/** The section and every section inside it, in document order. */
export function sectionTree(section: FormSection): FormSection[] {
  const out: FormSection[] = [];
  const stack = [section];
  for (let s = stack.pop(); s !== undefined; s = stack.pop()) {
    out.push(s);
    stack.push(...[...childSections(s)].reverse());
  }
  return out;
}

/** How many levels a section spans: 1 for a section without sections inside, 2 with sections inside, and so on. */
export function sectionHeight(section: FormSection): number {
  let deepest = 0;
  const stack: [FormSection, number][] = [[section, 1]];
  for (let at = stack.pop(); at !== undefined; at = stack.pop()) {
    deepest = Math.max(deepest, at[1]);
    for (const child of childSections(at[0])) stack.push([child, at[1] + 1]);
  }
  return deepest;
}

/** Why a section cannot go where asked. */
export type SectionPlaceProblem = 'intoItself' | 'tooDeep' | 'repeatInRepeat';

/**
 * Where a section goes: a page, optionally inside one of its sections (`parentId`), at an index there (default: the
 * end). A place the section may not go (into itself, deeper than `FORM_LIMITS.maxSectionDepth`, or a repeatable
 * section into the items of a repeatable one) changes nothing.
 */
export interface SectionTarget {
  /** The page. */
  pageId: string;
  /** The section to put it in; absent for the page's own sections. */
  parentId?: string;
  /** Its index among its new siblings; absent for the end. */
  index?: number;
}

/**
 * Why a section (an existing one by `sectionId`, or a new one described by `adding`) cannot go inside `parentId`, or
 * null when it can: a section never goes into itself or a section inside it, sections nest at most
 * `FORM_LIMITS.maxSectionDepth` levels (what it holds counted), and a repeatable section holds no repeatable section
 * (the section moved, or a section inside it, being repeatable). A page's own level (`parentId` null) is always open.
 */
export function sectionPlaceProblem(
  doc: BuilderDocument,
  parentId: string | null | undefined,
  moved: { sectionId: string } | { adding: { repeatable: boolean } },
): SectionPlaceProblem | null {
  const section = 'sectionId' in moved ? (findSection(doc, moved.sectionId)?.section ?? null) : null;
  if (!parentId) return null;
  const parent = findSection(doc, parentId);
  if (!parent) return null;
  const placed: PlacedSection = section ? placedSection(section) : { tree: [], height: 1, holdsRepeat: 'adding' in moved && moved.adding.repeatable };
  return placeProblem(placed, { id: parentId, depth: parent.depth, inRepeat: parent.repeatOwner !== null });
}

/** A section being placed, as the placing rule reads it. */
export interface PlacedSection {
  /** Its id and those of the sections inside it (none for a section not made yet). */
  tree: readonly string[];
  /** The levels it spans ({@link sectionHeight}). */
  height: number;
  /** Whether it, or a section inside it, is repeatable. */
  holdsRepeat: boolean;
}

/** The section a section would go into, as the placing rule reads it. */
export interface PlaceParent {
  id: string;
  /** Its level: 1 for a page's own section. */
  depth: number;
  /** Whether it is a repeatable section or sits in one's items. */
  inRepeat: boolean;
}

/** What the placing rule reads of a section. */
export function placedSection(section: FormSection): PlacedSection {
  const tree = sectionTree(section);
  return { tree: tree.map((s) => s.id), height: sectionHeight(section), holdsRepeat: tree.some((s) => s.repeatable) };
}

/**
 * The one rule of where a section may go, on what a drag carries as on the document: never into itself or a section
 * inside it, no deeper than `FORM_LIMITS.maxSectionDepth` (the levels it spans counted), and nothing repeatable into a
 * repeatable section's items. A page's own level (`parent` null) is always open. See {@link sectionPlaceProblem}.
 */
export function placeProblem(placed: PlacedSection, parent: PlaceParent | null): SectionPlaceProblem | null {
  if (!parent) return null;
  if (placed.tree.includes(parent.id)) return 'intoItself';
  if (parent.depth + placed.height > FORM_LIMITS.maxSectionDepth) return 'tooDeep';
  if (placed.holdsRepeat && parent.inRepeat) return 'repeatInRepeat';
  return null;
}

/** `{prefix}-{n}` with the smallest n ≥ 1 not in `taken` (deterministic, so the reducer stays pure). */
export function freshId(prefix: string, taken: ReadonlySet<string>): string {
  let n = 1;
  while (taken.has(`${prefix}-${n}`)) n++;
  return `${prefix}-${n}`;
}

/** The container base of a section: `''` for the data root, the array's path for a repeatable section. */
export function containerOf(section: FormSection): string {
  return section.repeatable?.path ?? '';
}

/** The absolute data path of a field (its section's array path, then `/*` for any item, then its own path). */
export function absolutePath(section: FormSection, field: FormField): string {
  const base = containerOf(section);
  return base === '' ? field.path : `${base}/*${field.path}`;
}

type SchemaRecord = Record<string, JsonValue>;

const isRecord = (v: unknown): v is SchemaRecord => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The object schema of a container (the root, or the `items` of the array at `base`), or null when it has none. */
export function containerSchema(jsonSchema: JsonObject, base: string): SchemaRecord | null {
  if (base === '') return jsonSchema as SchemaRecord;
  const array = schemaNodeAt(jsonSchema, base);
  return array && isRecord(array.items) ? array.items : null;
}

/** The schema node at a data path below an object schema (walking `properties`), or null. */
export function schemaNodeAt(root: JsonObject, path: string): SchemaRecord | null {
  if (!isValidPointer(path) || path === '') return null;
  let node: SchemaRecord | null = root as SchemaRecord;
  for (const segment of parsePointer(path)) {
    const properties: JsonValue | undefined = node?.properties;
    if (!isRecord(properties) || !Object.prototype.hasOwnProperty.call(properties, segment)) return null;
    const next: JsonValue | undefined = properties[segment];
    node = isRecord(next) ? next : null;
  }
  return node;
}

/** The schema node of a field's data path, or null (static text, or a path the schema does not describe). */
export function fieldSchema(doc: BuilderDocument, section: FormSection, field: FormField): SchemaRecord | null {
  const container = containerSchema(doc.jsonSchema, sectionBase(doc, section));
  return container ? schemaNodeAt(container, field.path) : null;
}

/** Whether a field's data path is listed in its parent object's `required`. */
export function isRequired(doc: BuilderDocument, section: FormSection, field: FormField): boolean {
  const container = containerSchema(doc.jsonSchema, sectionBase(doc, section));
  if (!container || !isValidPointer(field.path) || field.path === '') return false;
  const segments = parsePointer(field.path);
  const key = segments[segments.length - 1] ?? '';
  const parent = segments.length === 1 ? container : schemaNodeAt(container, `/${segments.slice(0, -1).map(escapePointerSegment).join('/')}`);
  const required = parent?.required;
  return Array.isArray(required) && required.includes(key);
}

/** The plain rules of a list of rules and groups, nested groups included. */
export function leafRules<R extends FieldRuleNode>(nodes: readonly R[] | undefined): FieldRule[] {
  const out: FieldRule[] = [];
  const walk = (list: readonly FieldRuleNode[]) => {
    for (const node of list) {
      if ('path' in node) out.push(node);
      else walk(node.all ?? node.any ?? []);
    }
  };
  walk(nodes ?? []);
  return out;
}

/** The data paths a field's rules and computation read. */
export function pathsReadBy(field: FormField): string[] {
  const rules = [...leafRules(field.visibleWhen), ...leafRules(field.requiredWhen)];
  return [...rules.map((r) => r.path), ...(field.computed?.paths ?? [])];
}

/** The absolute data path of a field relative to `base` (the array's path, then `/*` for any item, then its path). */
const pathIn = (base: string, field: FormField): string => (base === '' ? field.path : `${base}/*${field.path}`);

/**
 * Whether a path a rule or computation names reads the field at `absolute` (a repeatable field named with `*` or with
 * a concrete index, or a field of the same repeated item named by its relative path).
 */
function reads(named: string, readerBase: string, base: string, field: FormField): boolean {
  if (named === pathIn(base, field)) return true;
  if (base !== '' && readerBase === base && named === field.path) return true;
  return base !== '' && named.replace(/\/\d+(?=\/|$)/g, '/*') === pathIn(base, field);
}

/**
 * The fields whose `visibleWhen`, `requiredWhen` or `computed` read a data path held by the given fields (other than
 * those fields themselves): deleting those fields would leave the rules pointing at nothing.
 */
export function dependentsOf(doc: BuilderDocument, fieldIds: readonly string[]): FormField[] {
  const targets = fieldIds.map((id) => findField(doc, id)).filter((l): l is FieldLocation => l !== null && l.field.path !== '');
  if (targets.length === 0) return [];
  const ids = new Set(fieldIds);
  return allFields(doc)
    .filter(({ field, base }) => !ids.has(field.id) && pathsReadBy(field).some((p) => targets.some((t) => reads(p, base, t.base, t.field))))
    .map(({ field }) => field);
}

/** The ids of every field of a section (those of the sections inside it included), or of a page; `kind` says which the id is (none: a section first). */
export function fieldIdsIn(doc: BuilderDocument, id: string, kind?: 'section' | 'page'): string[] {
  const section = kind === 'page' ? null : findSection(doc, id);
  if (section) return sectionTree(section.section).flatMap((s) => s.fields.map((f) => f.id));
  const page = doc.layout.pages.find((p) => p.id === id);
  return page ? page.sections.flatMap((s) => sectionTree(s).flatMap((t) => t.fields.map((f) => f.id))) : [];
}

/**
 * The data paths of the fields a saved version holds, by field id (each path as its field writes it, relative to the
 * item in a repeatable section). A field listed here keeps its path when its label changes: answers of filled-in forms,
 * links to application data, pre-fill mappings and the PDF's filling all find the answer under that path.
 */
export type SavedFieldPaths = ReadonlyMap<string, string>;

/** The fields of a saved document that hold an answer, with their paths: see {@link SavedFieldPaths}. */
export function savedFieldPaths(doc: BuilderDocument): SavedFieldPaths {
  const out = new Map<string, string>();
  for (const { field } of allFields(doc)) if (field.path !== '') out.set(field.id, field.path);
  return out;
}
