/**
 * The 300-field form the builder benchmark opens: 5 pages of 3 sections of 20 fields, every built-in value widget
 * in turn (with options for the choice widgets), every tenth field with a `visibleWhen` rule on the one before it,
 * and page 3's last section repeatable. It passes the engine's save check, like any form a builder could save.
 */
import type { FormField, FormLayout, FormSection, JsonObject } from '../../src/api/types';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';
import type { FormDraft } from '../../src/engine';

const VALUE_WIDGETS = Object.values(WIDGET_KINDS).filter((k) => k.value !== 'none');

/** A form of `pages` × `sections` × `fieldsPerSection` fields (300 by default). */
export function largeFormDraft(pages = 5, sections = 3, fieldsPerSection = 20): FormDraft {
  const properties: JsonObject = {};
  const layout: FormLayout = { pages: [] };
  let n = 0;
  for (let p = 0; p < pages; p++) {
    const pageSections: FormSection[] = [];
    for (let s = 0; s < sections; s++) {
      const repeat = p === 2 && s === sections - 1;
      const itemProperties: JsonObject = {};
      const fields: FormField[] = [];
      let previous: string | null = null;
      for (let f = 0; f < fieldsPerSection; f++, n++) {
        const kind = VALUE_WIDGETS[n % VALUE_WIDGETS.length]!;
        const name = `f${n}`;
        const field: FormField = { id: name, path: `/${name}`, widget: kind.kind, ...kind.defaultField, label: `Question ${n + 1} (${kind.name})` };
        if (n % 10 === 9 && previous) field.visibleWhen = [{ path: `/${previous}`, op: 'notEmpty' }];
        fields.push(field);
        (repeat ? itemProperties : properties)[name] = structuredClone(kind.defaultSchema);
        previous = name;
      }
      const section: FormSection = { id: `p${p}s${s}`, title: `Section ${p + 1}.${s + 1}`, fields };
      if (repeat) {
        section.repeatable = { path: `/items${p}`, minItems: 0, maxItems: 20 };
        properties[`items${p}`] = { type: 'array', items: { type: 'object', properties: itemProperties } };
      }
      pageSections.push(section);
    }
    layout.pages.push({ id: `page${p + 1}`, title: `Page ${p + 1}`, sections: pageSections });
  }
  return { jsonSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties }, layout };
}
