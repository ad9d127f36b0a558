/**
 * A form schema as a person might write one at the documented limits (`FORM_LIMITS.maxFields` fields, under
 * `maxSchemaSize`), to measure and test what the schema rules of a save cost: unlike a PDF's generated form (flat
 * text fields), it has pages of nested sections, repeatable sections, a `pattern` on every text field (a few dozen
 * distinct ones, as postcodes and reference numbers repeat), `visibleWhen` / `requiredWhen` rules naming other
 * fields (groups of groups too), computed totals, choices with options, help texts and placeholders. Deterministic.
 */
import type { FieldRuleNode, FormField, FormLayout, FormPage, FormSection, JsonObject } from '../../src/contract/types';

/** Distinct patterns used over the text fields (each field takes one of them). */
const PATTERNS = Array.from({ length: 24 }, (_, i) => `^[A-Z]{2}[0-9]{${2 + (i % 6)}}(-[A-Z0-9]{${1 + (i % 4)}})?$`);

const CHOICES = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];

/** The hand-written schema with `fields` fields (a multiple of 10; default 2,000). */
export function handWrittenSchema(fields = 2_000): { jsonSchema: JsonObject; layout: FormLayout } {
  const properties: JsonObject = {};
  const pages: FormPage[] = [];
  const groups = fields / 10;
  const groupsPerPage = 10;
  let page: FormPage | null = null;
  for (let g = 0; g < groups; g++) {
    if (g % groupsPerPage === 0) {
      page = { id: `p${g / groupsPerPage + 1}`, title: `Part ${g / groupsPerPage + 1}`, sections: [] };
      pages.push(page);
    }
    // Every fifth group is a repeatable list of items; the others are objects, every third nested two levels deep.
    const repeatable = g % 5 === 4;
    const nested = !repeatable && g % 3 === 0;
    const name = `group${g + 1}`;
    const itemProperties: JsonObject = {};
    const required: string[] = [];
    const sectionFields: FormField[] = [];
    const base = repeatable ? '' : nested ? `/${name}/inner` : `/${name}`;
    for (let i = 0; i < 10; i++) {
      const key = `f${i + 1}`;
      const path = `${base}/${key}`;
      const id = `g${g + 1}f${i + 1}`;
      const previous = `${base}/f${i}`;
      const rules: FieldRuleNode[] =
        i === 0
          ? []
          : [
              { path: previous, op: 'notEmpty' },
              { any: [{ path: `${base}/f1`, op: 'neq', value: 'XX00' }, { all: [{ path: `${base}/f2`, op: 'notEmpty' }, { path: `${base}/f3`, op: 'empty' }] }] },
            ];
      let field: FormField;
      if (i < 5) {
        itemProperties[key] = { type: 'string', maxLength: 40, pattern: PATTERNS[(g * 10 + i) % PATTERNS.length] ?? '^.*$' };
        field = {
          id,
          path,
          widget: 'text',
          label: `Reference ${g + 1}.${i + 1}`,
          helpText: `Two capital letters, then digits (as printed on the form, part ${g + 1}).`,
          placeholder: 'AB1234',
          ...(rules.length > 0 ? { visibleWhen: rules } : {}),
        };
      } else if (i < 8) {
        itemProperties[key] = { type: 'number', minimum: 0, maximum: 1_000_000 };
        field = { id, path, widget: 'number', label: `Amount ${g + 1}.${i + 1}`, requiredWhen: [{ path: `${base}/f1`, op: 'notEmpty' }] };
      } else if (i === 8) {
        itemProperties[key] = { type: 'number' };
        field = { id, path, widget: 'number', label: `Total ${g + 1}`, computed: { op: 'sum', paths: [`${base}/f6`, `${base}/f7`, `${base}/f8`] } };
      } else {
        itemProperties[key] = { type: 'string', enum: CHOICES };
        field = {
          id,
          path,
          widget: g % 2 === 0 ? 'select' : 'radio',
          label: `Category ${g + 1}`,
          options: CHOICES.map((c) => ({ value: c, label: c[0]?.toUpperCase() + c.slice(1) })),
          visibleWhen: [{ path: `${base}/f9`, op: 'gt', value: 0 }],
        };
      }
      if (i % 3 === 0 && field.computed === undefined) required.push(key);
      sectionFields.push(field);
    }
    const item: JsonObject = { type: 'object', properties: itemProperties, required };
    const section: FormSection = repeatable
      ? { id: name, title: `Entries ${g + 1}`, repeatable: { path: `/${name}`, maxItems: 20, addLabel: 'Add an entry' }, fields: sectionFields }
      : nested
        ? { id: name, title: `Group ${g + 1}`, fields: [], sections: [{ id: `${name}-inner`, title: `Details ${g + 1}`, fields: sectionFields }] }
        : { id: name, title: `Group ${g + 1}`, fields: sectionFields };
    if (repeatable) properties[name] = { type: 'array', maxItems: 20, items: item };
    else if (nested) properties[name] = { type: 'object', properties: { inner: item } };
    else properties[name] = item;
    page?.sections.push(section);
  }
  return { jsonSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties }, layout: { pages } };
}
