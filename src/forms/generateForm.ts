/**
 * Generated forms of any size, for stories, tests and the renderer benchmark (`bench/renderer`): N fields as nested
 * objects of 10; per group 6 strings with maxLength, 2 numbers with min/max, a boolean and a 5-value enum; 30 % of
 * the fields required. Deterministic: the same N gives the same schema.
 */
import type { FormField, FormPage, FormSchema, FormSection, JsonObject } from '../api/types';
import { parsePointer, setAt } from '../contract/json-pointer';
import { allFields } from '../engine/layout-walk';

/** Options of {@link generateForm}. */
export interface GenerateFormOptions {
  /** Number of fields (rounded up to a multiple of 10). */
  fields: number;
  /** Groups per page (default: everything on one page). */
  groupsPerPage?: number;
  /** Widget of the 5-value enum (default 'select'). */
  enumWidget?: 'select' | 'radio' | 'segmented';
}

const COLOURS = ['Red', 'Green', 'Blue', 'Yellow', 'Purple'];

/** A generated form schema (layout + JSON Schema) with `fields` fields. */
export function generateForm(options: GenerateFormOptions | number): FormSchema {
  const { fields, groupsPerPage, enumWidget = 'select' } = typeof options === 'number' ? { fields: options } : options;
  const groups = Math.max(1, Math.ceil(fields / 10));
  const properties: JsonObject = {};
  const sections: FormSection[] = [];
  let counter = 0;
  // Every third-ish field required: 3 of each 10, spread over the kinds.
  const required = (i: number) => i % 10 === 0 || i % 10 === 3 || i % 10 === 6;
  for (let g = 0; g < groups; g++) {
    const name = `group${g + 1}`;
    const groupProperties: JsonObject = {};
    const groupRequired: string[] = [];
    const groupFields: FormField[] = [];
    for (let i = 0; i < 10; i++) {
      const key = `field${i + 1}`;
      const path = `/${name}/${key}`;
      const id = `g${g + 1}f${i + 1}`;
      const index = counter++;
      let field: FormField;
      if (i < 6) {
        groupProperties[key] = { type: 'string', maxLength: 20 + i * 10 };
        field = { id, path, widget: 'text', label: `Text ${g + 1}.${i + 1}` };
      } else if (i < 8) {
        groupProperties[key] = { type: 'number', minimum: 0, maximum: 100 * (i - 5) };
        field = { id, path, widget: 'number', label: `Number ${g + 1}.${i + 1}` };
      } else if (i === 8) {
        groupProperties[key] = { type: 'boolean' };
        field = { id, path, widget: 'checkbox', label: `Yes or no ${g + 1}.${i + 1}` };
      } else {
        groupProperties[key] = { type: 'string', enum: COLOURS.map((c) => c.toLowerCase()) };
        field = {
          id,
          path,
          widget: enumWidget,
          label: `Colour ${g + 1}.${i + 1}`,
          options: COLOURS.map((c) => ({ value: c.toLowerCase(), label: c })),
        };
      }
      if (required(index)) groupRequired.push(key);
      groupFields.push(field);
    }
    properties[name] = { type: 'object', properties: groupProperties, required: groupRequired };
    sections.push({ id: name, title: `Group ${g + 1}`, fields: groupFields });
  }
  const perPage = groupsPerPage ?? sections.length;
  const pages: FormPage[] = [];
  for (let start = 0; start < sections.length; start += perPage) {
    const n: number = pages.length + 1;
    pages.push({ id: `page${n}`, title: `Page ${n}`, sections: sections.slice(start, start + perPage) });
  }
  // Each shape has its own id, so the compile cache (keyed by id and version) never mixes two shapes.
  const id = `generated-${groups * 10}${groupsPerPage ? `-p${groupsPerPage}` : ''}${enumWidget === 'select' ? '' : `-${enumWidget}`}`;
  return {
    formSchemaId: id,
    formId: id,
    name: `Generated form of ${groups * 10} fields`,
    version: 1,
    jsonSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties },
    layout: { pages },
    isPublic: true,
    isDeleted: false,
    createdDateTime: new Date(0),
    lastUpdatedDateTime: new Date(0),
  };
}

/**
 * Valid data for a generated form (every field answered), e.g. to measure view mode or saving. Every field of the
 * layout is answered at its data path, those of sections inside sections too.
 */
export function generateFormData(schema: FormSchema): JsonObject {
  let data: JsonObject = {};
  for (const field of allFields(schema.layout)) {
    const value = field.widget === 'text' ? `Answer ${field.id}` : field.widget === 'number' ? 42 : field.widget === 'checkbox' ? true : 'blue';
    data = setAt(data, parsePointer(field.path), value);
  }
  return data;
}
