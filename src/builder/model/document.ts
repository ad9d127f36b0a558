/**
 * The builder's document — the JSON Schema of the data and the layout being built — and the pure lookups the
 * reducer and the builder's panes share. React-free: a host, a test or a worker can run the same model.
 *
 * Data paths: a field's `path` is a JSON Pointer into the instance data, relative to the item of its section when
 * the section repeats (the section's `repeatable.path` is then the array). The schema node of a path is found by
 * walking `properties` from the section's container: the root schema, or the `items` of the repeated array.
 */
import type { FieldRule, FieldRuleNode, FormField, FormLayout, FormPage, FormSection, JsonObject, JsonValue } from '../../api/types';
import { escapePointerSegment, isValidPointer, parsePointer } from '../../domain/json-pointer';

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
  sectionIndex: number;
  field: FormField;
  index: number;
}

/** Where a section sits: its page and its index on the page. */
export interface SectionLocation {
  page: FormPage;
  pageIndex: number;
  section: FormSection;
  index: number;
}

/** An empty document: one page with one section and an object schema without properties. */
export function emptyDocument(pageTitle = 'Page 1', sectionTitle = 'Section 1'): BuilderDocument {
  return {
    jsonSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: {} },
    layout: { pages: [{ id: 'page-1', title: pageTitle, sections: [{ id: 'section-1', title: sectionTitle, fields: [] }] }] },
  };
}

/** The field with this id, with its page and section, or null. */
export function findField(doc: BuilderDocument, id: string): FieldLocation | null {
  const pages = doc.layout.pages;
  for (const [pageIndex, page] of pages.entries()) {
    for (const [sectionIndex, section] of page.sections.entries()) {
      const index = section.fields.findIndex((f) => f.id === id);
      const field = section.fields[index];
      if (field) return { page, pageIndex, section, sectionIndex, field, index };
    }
  }
  return null;
}

/** The section with this id, with its page, or null. */
export function findSection(doc: BuilderDocument, id: string): SectionLocation | null {
  for (const [pageIndex, page] of doc.layout.pages.entries()) {
    const index = page.sections.findIndex((s) => s.id === id);
    const section = page.sections[index];
    if (section) return { page, pageIndex, section, index };
  }
  return null;
}

/** Every field of the document in reading order, with its section. */
export function allFields(doc: BuilderDocument): { field: FormField; section: FormSection; page: FormPage }[] {
  return doc.layout.pages.flatMap((page) => page.sections.flatMap((section) => section.fields.map((field) => ({ field, section, page }))));
}

/** Every id used by a page, section or field. */
export function usedIds(doc: BuilderDocument): Set<string> {
  const ids = new Set<string>();
  for (const page of doc.layout.pages) {
    ids.add(page.id);
    for (const section of page.sections) {
      ids.add(section.id);
      for (const field of section.fields) ids.add(field.id);
    }
  }
  return ids;
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
  const container = containerSchema(doc.jsonSchema, containerOf(section));
  return container ? schemaNodeAt(container, field.path) : null;
}

/** Whether a field's data path is listed in its parent object's `required`. */
export function isRequired(doc: BuilderDocument, section: FormSection, field: FormField): boolean {
  const container = containerSchema(doc.jsonSchema, containerOf(section));
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

/**
 * Whether a path a rule or computation names reads the field at `absolute` (a repeatable field named with `*` or with
 * a concrete index, or a field of the same section named by its relative path).
 */
function reads(named: string, readerSection: FormSection, section: FormSection, field: FormField): boolean {
  if (named === absolutePath(section, field)) return true;
  if (readerSection.id === section.id && section.repeatable && named === field.path) return true;
  const base = containerOf(section);
  return base !== '' && named.replace(/\/\d+(?=\/|$)/g, '/*') === absolutePath(section, field);
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
    .filter(({ field, section }) => !ids.has(field.id) && pathsReadBy(field).some((p) => targets.some((t) => reads(p, section, t.section, t.field))))
    .map(({ field }) => field);
}

/** The ids of every field of a section, or of every section's fields of a page. */
export function fieldIdsIn(doc: BuilderDocument, id: string): string[] {
  const section = findSection(doc, id);
  if (section) return section.section.fields.map((f) => f.id);
  const page = doc.layout.pages.find((p) => p.id === id);
  return page ? page.sections.flatMap((s) => s.fields.map((f) => f.id)) : [];
}
