import diff from 'microdiff';
import type { FormField, FormLayout, FormSection } from '../../api/types';
import { layoutSectionEntries, repeatBasePath } from '../../engine/layout-walk';

/** One field of a layout with where it sits: its key (data path, inside its repeatable section's path) and its page and section. */
export interface LocatedField {
  /**
   * The field's data path, prefixed by the path of the repeatable section whose items hold it (`/items/*` + `/amount`),
   * which identifies it across versions.
   */
  key: string;
  field: FormField;
  pageTitle: string;
  /** The section's title, after those of the sections it sits in (`Applicant / Address`). */
  sectionTitle: string;
}

/** A field present in both versions whose definition differs, with the properties that changed. */
export interface ChangedField {
  key: string;
  before: LocatedField;
  after: LocatedField;
  /** The changed properties of the field (`label`, `widget`, `options`…), each once, in the order found. */
  properties: string[];
}

/** What changed in the fields from one schema version to another. */
export interface SchemaFieldsDiff {
  added: LocatedField[];
  removed: LocatedField[];
  changed: ChangedField[];
}

/**
 * Every field of a layout, page by page, with its key and place. A field of a section inside a repeatable section is
 * keyed under that section's list (`/jobs/*` + `/from`), as its answers are stored in each item; a nested section's
 * place names the sections it sits in, outermost first (`Applicant / Address`).
 */
export function fieldsOfLayout(layout: FormLayout | null | undefined): LocatedField[] {
  const located: LocatedField[] = [];
  if (!layout) return located;
  const titles = new Map<FormSection, string>();
  for (const entry of layoutSectionEntries(layout)) {
    const { section, parent, page, repeatOwner } = entry;
    const outer = parent ? titles.get(parent) : undefined;
    const sectionTitle = outer !== undefined ? `${outer} / ${section.title}` : section.title;
    titles.set(section, sectionTitle);
    for (const field of Array.isArray(section.fields) ? section.fields : [])
      located.push({
        key: repeatOwner ? `${repeatBasePath(entry)}/*${field.path}` : field.path,
        field,
        pageTitle: page.title,
        sectionTitle,
      });
  }
  return located;
}

/**
 * The fields added, removed and changed from `before` to `after`. Fields are matched by their data path (what an
 * instance's answers are stored under), not by their id, so a field re-created by a builder with the same path counts
 * as changed, not as removed and added. The comparison of two definitions is microdiff's (a field's id and its place on
 * the page are not compared).
 */
export function diffSchemaFields(before: FormLayout | null | undefined, after: FormLayout | null | undefined): SchemaFieldsDiff {
  const old = new Map(fieldsOfLayout(before).map((f) => [f.key, f]));
  const now = new Map(fieldsOfLayout(after).map((f) => [f.key, f]));
  const added = [...now.values()].filter((f) => !old.has(f.key));
  const removed = [...old.values()].filter((f) => !now.has(f.key));
  const changed: ChangedField[] = [];
  for (const [key, after_] of now) {
    const before_ = old.get(key);
    if (!before_) continue;
    const { id: _a, ...a } = before_.field;
    const { id: _b, ...b } = after_.field;
    const properties = [...new Set(diff(a, b).map((d) => String(d.path[0])))];
    if (properties.length > 0) changed.push({ key, before: before_, after: after_, properties });
  }
  return { added, removed, changed };
}
