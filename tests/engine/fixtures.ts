import type { FormField, FormLayout, FormSchema, FormSection, JsonObject } from '../../src/api/types';

let counter = 0;

/** A FormSchema around a JSON Schema and a layout (a fresh id unless one is given). */
export function makeSchema(jsonSchema: JsonObject, layout: FormLayout, extra: Partial<FormSchema> = {}): FormSchema {
  counter += 1;
  return {
    formSchemaId: `test-schema-${counter}`,
    formId: 'test-form',
    name: 'Test',
    version: 1,
    jsonSchema,
    layout,
    isPublic: true,
    isDeleted: false,
    createdDateTime: new Date(0),
    lastUpdatedDateTime: new Date(0),
    ...extra,
  };
}

export function onePage(...sections: FormSection[]): FormLayout {
  return { pages: [{ id: 'p1', title: 'Page 1', sections }] };
}

export function section(id: string, fields: FormField[], extra: Partial<FormSection> = {}): FormSection {
  return { id, title: id, fields, ...extra };
}

export function f(id: string, path: string, extra: Partial<FormField> = {}): FormField {
  return { id, path, widget: 'text', label: id, ...extra };
}

/** A contact form: name (required, ≤ 40), age 1–10, a preference that shows and requires the phone, a message. */
export function contactSchema(extra: Partial<FormSchema> = {}): FormSchema {
  return makeSchema(
    {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        name: { type: 'string', maxLength: 40 },
        age: { type: 'integer', minimum: 1, maximum: 10 },
        email: { type: 'string', format: 'email' },
        preference: { type: 'string', enum: ['email', 'phone'] },
        phone: { type: 'string', pattern: '^[0-9 +]{6,20}$' },
        message: { type: 'string', maxLength: 200 },
      },
      required: ['name'],
    },
    onePage(
      section('main', [
        f('name', '/name'),
        f('age', '/age', { widget: 'integer' }),
        f('email', '/email', { widget: 'email' }),
        f('preference', '/preference', { widget: 'radio', options: [{ value: 'email', label: 'Email' }, { value: 'phone', label: 'Phone' }] }),
        f('phone', '/phone', {
          widget: 'phone',
          visibleWhen: [{ path: '/preference', op: 'eq', value: 'phone' }],
          requiredWhen: [{ path: '/preference', op: 'eq', value: 'phone' }],
        }),
        f('message', '/message', { widget: 'textarea' }),
      ]),
    ),
    extra,
  );
}
