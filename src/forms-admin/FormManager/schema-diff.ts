import diff from 'microdiff';
import type { FormField, FormLayout } from '../../api/types';

/** One field of a layout with where it sits: its key (data path, inside its repeatable section's path) and its page and section. */
export interface LocatedField {
  /** The field's data path, prefixed by its repeatable section's path (`/items/*` + `/amount`), which identifies it across versions. */
  key: string;
  field: FormField;
  pageTitle: string;
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

/** Every field of a layout, page by page, with its key and place. */
export function fieldsOfLayout(layout: FormLayout | null | undefined): LocatedField[] {
  const located: LocatedField[] = [];
  for (const page of layout?.pages ?? [])
    for (const section of page.sections)
      for (const field of section.fields)
        located.push({
          key: section.repeatable ? `${section.repeatable.path}/*${field.path}` : field.path,
          field,
          pageTitle: page.title,
          sectionTitle: section.title,
        });
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
