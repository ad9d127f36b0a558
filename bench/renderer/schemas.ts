/**
 * The generated form of `src/forms/generateForm` (N fields as nested objects of 10: 6 strings with maxLength, 2
 * numbers with min/max, a boolean and a 5-value enum, 30 % required) turned into each peer's own schema format, so
 * that every renderer draws the same fields with the same labels, limits and required marks.
 */
import type { FormField, FormSchema, JsonObject, JsonValue } from '../../src/api/types';
import { generateForm } from '../../src/forms/generateForm';

/** Our form schema with `n` fields (the shared generator, so the bench and the tests use one shape). */
export function benchForm(n: number): FormSchema {
  return generateForm(n);
}

/** The property key of a field inside its group (`/group3/field7` → `field7`). */
export function fieldKey(field: FormField): string {
  return field.path.split('/').pop() as string;
}

function groupSchema(form: FormSchema, group: string): JsonObject {
  const properties = form.jsonSchema.properties as JsonObject;
  return properties[group] as JsonObject;
}

function propertyOf(form: FormSchema, group: string, key: string): JsonObject {
  return (groupSchema(form, group).properties as JsonObject)[key] as JsonObject;
}

function requiredOf(form: FormSchema, group: string): string[] {
  return (groupSchema(form, group).required as string[] | undefined) ?? [];
}

function sections(form: FormSchema) {
  return form.layout.pages.flatMap((p) => p.sections);
}

/**
 * Plain JSON Schema (draft-07 compatible, as ajv8's default and JSON Forms expect) with a `title` on every property,
 * for @rjsf/core and @jsonforms/react. Our schema carries no `$schema`-specific keyword, so dropping it is enough.
 */
export function toJsonSchema(form: FormSchema): JsonObject {
  const properties: JsonObject = {};
  for (const section of sections(form)) {
    const group: JsonObject = {};
    for (const field of section.fields) {
      const key = fieldKey(field);
      const property: JsonObject = { ...propertyOf(form, section.id, key), title: field.label ?? key };
      // rjsf and JSON Forms show the enum values; give them the labels our schema shows.
      if (field.options) property.enum = field.options.map((o) => o.value as JsonValue);
      group[key] = property;
    }
    properties[section.id] = { type: 'object', title: section.title ?? section.id, properties: group, required: requiredOf(form, section.id) };
  }
  return { type: 'object', properties };
}

/** A JSON Forms UI schema: one Group per section with one Control per field, in layout order. */
export function toJsonFormsUiSchema(form: FormSchema): JsonObject {
  return {
    type: 'VerticalLayout',
    elements: sections(form).map((section) => ({
      type: 'Group',
      label: section.title ?? section.id,
      elements: section.fields.map((field) => ({ type: 'Control', scope: `#/properties/${section.id}/properties/${fieldKey(field)}` })),
    })),
  };
}

/**
 * A SurveyJS survey: one page, a panel per section, a question per field. `textUpdateMode: 'onTyping'` makes a
 * keystroke update the survey's data as the other renderers do (SurveyJS's default waits for blur);
 * `showQuestionNumbers: 'off'` keeps the labels the same as the others'.
 */
export function toSurveyJson(form: FormSchema): JsonObject {
  return {
    showQuestionNumbers: 'off',
    textUpdateMode: 'onTyping',
    pages: [
      {
        name: 'page1',
        elements: sections(form).map((section) => ({
          type: 'panel',
          name: section.id,
          title: section.title ?? section.id,
          elements: section.fields.map((field) => {
            const key = fieldKey(field);
            const property = propertyOf(form, section.id, key);
            const base: JsonObject = { name: `${section.id}_${key}`, title: field.label ?? key, isRequired: requiredOf(form, section.id).includes(key) };
            if (field.widget === 'text') return { ...base, type: 'text', maxLength: property.maxLength as number };
            if (field.widget === 'number') return { ...base, type: 'text', inputType: 'number', min: property.minimum as number, max: property.maximum as number };
            if (field.widget === 'checkbox') return { ...base, type: 'boolean', renderAs: 'checkbox' };
            return { ...base, type: 'dropdown', choices: (field.options ?? []).map((o) => ({ value: o.value as JsonValue, text: o.label })) };
          }),
        })),
      },
    ],
  };
}
