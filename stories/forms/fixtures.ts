/**
 * Form schemas shared by the form stories and the renderer tests (a story doubles as a test fixture).
 */
import type { FieldWidget, FormField, FormLayout, FormSchema, JsonObject } from '../../src/api/types';

const JSON_SCHEMA = 'https://json-schema.org/draft/2020-12/schema';

function schemaOf(formSchemaId: string, name: string, jsonSchema: JsonObject, layout: FormLayout): FormSchema {
  return {
    formSchemaId,
    formId: formSchemaId,
    name,
    version: 1,
    jsonSchema: { $schema: JSON_SCHEMA, ...jsonSchema },
    layout,
    isPublic: true,
    isDeleted: false,
    createdDateTime: new Date(0),
    lastUpdatedDateTime: new Date(0),
  };
}

const COLOURS = [
  { value: 'red', label: 'Red' },
  { value: 'green', label: 'Green' },
  { value: 'blue', label: 'Blue' },
];

/** One field per widget, with the schema facts each widget uses (bounds, step, options, formats). */
export const widgetFields: { widget: FieldWidget; field: FormField; schema: JsonObject; sample: unknown; bad: unknown }[] = [
  { widget: 'text', field: { id: 'name', path: '/name', widget: 'text', label: 'Full name', helpText: 'As on your passport.', placeholder: 'Jane Doe' }, schema: { type: 'string', maxLength: 40 }, sample: 'Ada Lovelace', bad: 'x'.repeat(41) },
  { widget: 'textarea', field: { id: 'story', path: '/story', widget: 'textarea', label: 'About you' }, schema: { type: 'string', maxLength: 200 }, sample: 'I write programs.', bad: 'x'.repeat(201) },
  { widget: 'email', field: { id: 'email', path: '/email', widget: 'email', label: 'Email address' }, schema: { type: 'string', format: 'email' }, sample: 'ada@example.com', bad: 'ada-at-example' },
  { widget: 'url', field: { id: 'website', path: '/website', widget: 'url', label: 'Website' }, schema: { type: 'string', format: 'uri' }, sample: 'https://example.com', bad: 'not a url' },
  { widget: 'phone', field: { id: 'phone', path: '/phone', widget: 'phone', label: 'Phone number' }, schema: { type: 'string', pattern: '^[+0-9 ()-]{6,20}$' }, sample: '+44 20 7946 0000', bad: 'call me' },
  { widget: 'number', field: { id: 'height', path: '/height', widget: 'number', label: 'Height (m)' }, schema: { type: 'number', minimum: 0.5, maximum: 2.5, multipleOf: 0.01 }, sample: 1.7, bad: 3 },
  { widget: 'integer', field: { id: 'children', path: '/children', widget: 'integer', label: 'Number of children' }, schema: { type: 'integer', minimum: 1, maximum: 10 }, sample: 2, bad: 11 },
  { widget: 'checkbox', field: { id: 'terms', path: '/terms', widget: 'checkbox', label: 'I accept the terms' }, schema: { type: 'boolean', const: true }, sample: true, bad: false },
  { widget: 'switch', field: { id: 'newsletter', path: '/newsletter', widget: 'switch', label: 'Send me the newsletter' }, schema: { type: 'boolean' }, sample: true, bad: undefined },
  { widget: 'select', field: { id: 'country', path: '/country', widget: 'select', label: 'Country', options: [{ value: 'FR', label: 'France' }, { value: 'GB', label: 'United Kingdom' }] }, schema: { type: 'string', enum: ['FR', 'GB'] }, sample: 'GB', bad: undefined },
  { widget: 'radio', field: { id: 'contact', path: '/contact', widget: 'radio', label: 'How should we contact you?', options: [{ value: 'email', label: 'Email' }, { value: 'phone', label: 'Phone' }] }, schema: { type: 'string', enum: ['email', 'phone'] }, sample: 'email', bad: undefined },
  { widget: 'segmented', field: { id: 'size', path: '/size', widget: 'segmented', label: 'T-shirt size', options: [{ value: 's', label: 'Small' }, { value: 'm', label: 'Medium' }, { value: 'l', label: 'Large' }] }, schema: { type: 'string', enum: ['s', 'm', 'l'] }, sample: 'm', bad: undefined },
  { widget: 'multiselect', field: { id: 'languages', path: '/languages', widget: 'multiselect', label: 'Languages', options: [{ value: 'en', label: 'English' }, { value: 'fr', label: 'French' }, { value: 'de', label: 'German' }] }, schema: { type: 'array', items: { type: 'string', enum: ['en', 'fr', 'de'] }, maxItems: 2, uniqueItems: true }, sample: ['en', 'fr'], bad: ['en', 'fr', 'de'] },
  { widget: 'checkboxes', field: { id: 'colours', path: '/colours', widget: 'checkboxes', label: 'Favourite colours', options: COLOURS }, schema: { type: 'array', items: { type: 'string', enum: ['red', 'green', 'blue'] }, minItems: 1, uniqueItems: true }, sample: ['red', 'blue'], bad: undefined },
  { widget: 'date', field: { id: 'birthday', path: '/birthday', widget: 'date', label: 'Date of birth' }, schema: { type: 'string', format: 'date' }, sample: '1815-12-10', bad: '1815-02-30' },
  { widget: 'time', field: { id: 'callTime', path: '/callTime', widget: 'time', label: 'Best time to call' }, schema: { type: 'string' }, sample: '09:30', bad: undefined },
  { widget: 'datetime', field: { id: 'appointment', path: '/appointment', widget: 'datetime', label: 'Appointment' }, schema: { type: 'string', format: 'date-time' }, sample: '2030-05-01T10:30:00Z', bad: undefined },
  { widget: 'signature', field: { id: 'signature', path: '/signature', widget: 'signature', label: 'Signature' }, schema: { type: 'string', maxLength: 200000 }, sample: 'Ada Lovelace', bad: undefined },
  { widget: 'rating', field: { id: 'satisfaction', path: '/satisfaction', widget: 'rating', label: 'How satisfied are you?' }, schema: { type: 'integer', minimum: 1, maximum: 5 }, sample: 4, bad: 9 },
  { widget: 'static', field: { id: 'notice', path: '', widget: 'static', label: 'Before you sign', helpText: 'Read everything above once more.' }, schema: {}, sample: undefined, bad: undefined },
];

/**
 * The matrix's sample field (kept out of {@link widgetFields}, whose one-page gallery other tests count the radios of):
 * its error state is a required matrix with a row left.
 */
export const matrixWidgetField: (typeof widgetFields)[number] = {
  widget: 'matrix',
  field: {
    id: 'service',
    path: '/service',
    widget: 'matrix',
    label: 'Rate our service',
    rows: [
      { value: 'speed', label: 'Speed' },
      { value: 'care', label: 'Care' },
    ],
    options: [
      { value: 'poor', label: 'Poor' },
      { value: 'good', label: 'Good' },
      { value: 'great', label: 'Great' },
    ],
  },
  schema: {
    type: 'object',
    properties: { speed: { type: 'string', enum: ['poor', 'good', 'great'] }, care: { type: 'string', enum: ['poor', 'good', 'great'] } },
    additionalProperties: false,
  },
  sample: { speed: 'good', care: 'great' },
  bad: { speed: 'good' },
};

/** Every widget on one page; the fields of `required` are required. */
export function widgetGallerySchema(required: string[] = ['name', 'terms', 'contact', 'colours']): FormSchema {
  const properties: JsonObject = {};
  for (const { field, schema } of widgetFields) if (field.widget !== 'static') properties[field.path.slice(1)] = schema;
  return schemaOf('widget-gallery', 'Every widget', { type: 'object', properties, required }, {
    pages: [{ id: 'all', title: 'All widgets', sections: [{ id: 'widgets', title: 'Widgets', fields: widgetFields.map((w) => w.field) }] }],
  });
}

/** Data answering every field of {@link widgetGallerySchema}. */
export function widgetGalleryData(): JsonObject {
  const data: JsonObject = {};
  for (const { field, sample } of widgetFields) if (sample !== undefined) data[field.path.slice(1)] = sample as JsonObject[string];
  return data;
}

/** Data with a wrong answer in every field that can have one. */
export function widgetGalleryBadData(): JsonObject {
  const data: JsonObject = widgetGalleryData();
  for (const { field, bad } of widgetFields) {
    if (bad !== undefined) data[field.path.slice(1)] = bad as JsonObject[string];
  }
  return data;
}

/**
 * A three-page application: the applicant (with a rule: a phone number shown and required when contact by phone is
 * chosen), a repeatable list of dependants (1 to 3) with a computed count, and a declaration.
 */
export function applicationSchema(): FormSchema {
  const phoneRule = [{ path: '/applicant/contactBy', op: 'eq' as const, value: 'phone' }];
  const employedRule = [{ path: '/employment/status', op: 'eq' as const, value: 'employed' }];
  return schemaOf(
    'application',
    'Benefit application',
    {
      type: 'object',
      properties: {
        applicant: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: 40 },
            email: { type: 'string', format: 'email' },
            contactBy: { type: 'string', enum: ['email', 'phone'] },
            phone: { type: 'string', pattern: '^[+0-9 ()-]{6,20}$' },
          },
          required: ['name', 'contactBy'],
        },
        employment: {
          type: 'object',
          properties: { status: { type: 'string', enum: ['employed', 'unemployed'] }, employer: { type: 'string', maxLength: 100 } },
          required: ['status'],
        },
        dependants: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string', maxLength: 40 }, age: { type: 'integer', minimum: 0, maximum: 25 } },
            required: ['name'],
          },
        },
        dependantCount: { type: 'integer' },
        declaration: { type: 'boolean', const: true },
        signature: { type: 'string' },
      },
      required: ['applicant', 'declaration', 'signature'],
    },
    {
      pages: [
        {
          id: 'you',
          title: 'About you',
          sections: [
            {
              id: 'applicant',
              title: 'Your details',
              fields: [
                { id: 'name', path: '/applicant/name', widget: 'text', label: 'Full name', helpText: 'As on your passport.' },
                { id: 'email', path: '/applicant/email', widget: 'email', label: 'Email address' },
                {
                  id: 'contactBy',
                  path: '/applicant/contactBy',
                  widget: 'radio',
                  label: 'How should we contact you?',
                  options: [
                    { value: 'email', label: 'By email' },
                    { value: 'phone', label: 'By phone' },
                  ],
                },
                { id: 'phone', path: '/applicant/phone', widget: 'phone', label: 'Phone number', visibleWhen: phoneRule, requiredWhen: phoneRule },
              ],
            },
            {
              id: 'employment',
              title: 'Employment',
              fields: [
                {
                  id: 'status',
                  path: '/employment/status',
                  widget: 'segmented',
                  label: 'Are you employed?',
                  options: [
                    { value: 'employed', label: 'Employed' },
                    { value: 'unemployed', label: 'Not employed' },
                  ],
                },
                { id: 'employer', path: '/employment/employer', widget: 'text', label: 'Employer', visibleWhen: employedRule, requiredWhen: employedRule },
              ],
            },
          ],
        },
        {
          id: 'family',
          title: 'Your family',
          sections: [
            {
              id: 'dependants',
              title: 'Dependant',
              description: 'Add everyone who depends on you (1 to 3 people).',
              repeatable: { path: '/dependants', minItems: 1, maxItems: 3, addLabel: 'Add a dependant' },
              fields: [
                { id: 'dependantName', path: '/name', widget: 'text', label: 'Name' },
                { id: 'dependantAge', path: '/age', widget: 'integer', label: 'Age' },
              ],
            },
            {
              id: 'summary',
              title: 'Summary',
              fields: [
                {
                  id: 'dependantCount',
                  path: '/dependantCount',
                  widget: 'integer',
                  label: 'Number of dependants',
                  computed: { op: 'count', paths: ['/dependants/*/name'] },
                },
              ],
            },
          ],
        },
        {
          id: 'declaration',
          title: 'Declaration',
          sections: [
            {
              id: 'declare',
              title: 'Declaration',
              fields: [
                { id: 'notice', path: '', widget: 'static', label: 'Please check your answers', helpText: 'Giving false information is an offence.' },
                { id: 'declaration', path: '/declaration', widget: 'checkbox', label: 'The information I gave is correct' },
                { id: 'signature', path: '/signature', widget: 'signature', label: 'Signature' },
              ],
            },
          ],
        },
      ],
    },
  );
}

/**
 * A schema with a payload in every text property (labels, help, placeholders, options, titles, descriptions,
 * the add button, error messages). Given several payloads, each text property takes the next one in turn.
 */
export function payloadSchema(payloads: string | readonly string[]): FormSchema {
  const list = typeof payloads === 'string' ? [payloads] : payloads;
  let turn = 0;
  const next = () => list[turn++ % list.length] as string;
  const text = () => ({ label: next(), helpText: next(), placeholder: next() });
  const widgets: FieldWidget[] = ['text', 'textarea', 'email', 'number', 'checkbox', 'switch', 'select', 'radio', 'segmented', 'multiselect', 'checkboxes', 'date', 'signature'];
  const choice = new Set(['select', 'radio', 'segmented', 'multiselect', 'checkboxes']);
  const fields: FormField[] = widgets.map((widget, i) => ({
    id: `f${i}`,
    path: `/f${i}`,
    widget,
    ...text(),
    ...(choice.has(widget) ? { options: [{ value: 'a', label: next() }, { value: 'b', label: next() }] } : {}),
  }));
  fields.push({ id: 'static', path: '', widget: 'static', ...text() });
  const properties: JsonObject = {};
  widgets.forEach((widget, i) => {
    properties[`f${i}`] =
      widget === 'number'
        ? { type: 'number', title: next(), maximum: 1, errorMessage: next() }
        : widget === 'checkbox' || widget === 'switch'
          ? { type: 'boolean', title: next(), const: true, errorMessage: next() }
          : choice.has(widget)
            ? widget === 'multiselect' || widget === 'checkboxes'
              ? { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, errorMessage: next() }
              : { type: 'string', enum: ['a', 'b'], errorMessage: next() }
            : { type: 'string', title: next(), maxLength: 5, errorMessage: next() };
  });
  const name = next();
  return schemaOf('payload', name, { type: 'object', title: next(), properties, required: widgets.map((_, i) => `f${i}`) }, {
    pages: [
      { id: 'p1', title: next(), sections: [{ id: 's1', title: next(), description: next(), fields }] },
      {
        id: 'p2',
        title: next(),
        sections: [{ id: 's2', title: next(), description: next(), repeatable: { path: '/items', addLabel: next() }, fields: [{ id: 'r', path: '/x', widget: 'text', ...text() }] }],
      },
    ],
  });
}

/** Answers for {@link payloadSchema} that break every rule, so every error message shows. */
export function payloadBadData(): JsonObject {
  return { f0: 'too long text', f1: 'too long text', f2: 'too long text', f3: 5, f4: false, f5: false, f11: 'too long text' };
}

/**
 * Five pages with long titles, a five-point agree/disagree segmented control, checkboxes and an "Add" button with long
 * labels: what must not overflow a phone.
 */
export function longLabelsSchema(): FormSchema {
  const agreement = ['Strongly disagree', 'Disagree', 'Neither agree nor disagree', 'Agree', 'Strongly agree'];
  const services = [
    'Public library and reading rooms',
    'Swimming pool, sports centre and the outdoor playing fields next to the community hall',
    'None',
  ];
  const page = (n: number, title: string, fields: FormField[], repeatable?: FormLayout['pages'][number]['sections'][number]['repeatable']) => ({
    id: `p${n}`,
    title,
    sections: [{ id: `s${n}`, title: `Section ${n}`, ...(repeatable ? { repeatable } : {}), fields }],
  });
  return schemaOf(
    'long-labels',
    'Household survey',
    {
      type: 'object',
      properties: {
        opinion: { type: 'string', enum: agreement.map((_, i) => `a${i}`) },
        used: { type: 'array', items: { type: 'string', enum: services.map((_, i) => `s${i}`) }, uniqueItems: true },
        vehicles: { type: 'array', items: { type: 'object', properties: { registration: { type: 'string', maxLength: 12 } } } },
        name: { type: 'string', maxLength: 100 },
        notes: { type: 'string', maxLength: 1000 },
      },
    },
    {
      pages: [
        page(1, 'Your opinion of the services in your area', [
          {
            id: 'opinion',
            path: '/opinion',
            widget: 'segmented',
            label: 'The services in my area meet the needs of my household',
            options: agreement.map((label, i) => ({ value: `a${i}`, label })),
          },
          {
            id: 'used',
            path: '/used',
            widget: 'checkboxes',
            label: 'Which of these have you used this year?',
            options: services.map((label, i) => ({ value: `s${i}`, label })),
          },
        ]),
        page(2, 'The vehicles of your household', [{ id: 'registration', path: '/registration', widget: 'text', label: 'Registration number' }], {
          path: '/vehicles',
          addLabel: 'Add another car, van, motorcycle, boat or other registered vehicle that someone in the household owns',
        }),
        page(3, 'About you and how we can reach you', [{ id: 'name', path: '/name', widget: 'text', label: 'Full name' }]),
        page(4, 'Anything else you would like to tell us', [{ id: 'notes', path: '/notes', widget: 'textarea', label: 'Notes' }]),
        page(5, 'Declaration and signature', [{ id: 'notice', path: '', widget: 'static', label: 'Thank you' }]),
      ],
    },
  );
}

/**
 * Sections inside sections, on two pages: 'Applicant' holds 'Address', which holds 'Delivery' (h3 → h4 → h5 under
 * the page titles); the repeatable 'Jobs' (at least one) holds a plain 'Dates' section, part of each job, whose end
 * date is required.
 */
export function nestedSectionsSchema(): FormSchema {
  return schemaOf(
    'nested-sections',
    'Nested sections',
    {
      type: 'object',
      properties: {
        name: { type: 'string', maxLength: 40 },
        street: { type: 'string' },
        city: { type: 'string' },
        leaveAtDoor: { type: 'boolean' },
        deliveryNote: { type: 'string', maxLength: 200 },
        jobs: {
          type: 'array',
          items: {
            type: 'object',
            properties: { employer: { type: 'string' }, from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } },
            required: ['to'],
          },
        },
      },
      required: ['name'],
    },
    {
      pages: [
        {
          id: 'applicant-page',
          title: 'Applicant',
          sections: [
            {
              id: 'applicant',
              title: 'Applicant',
              fields: [{ id: 'name', path: '/name', widget: 'text', label: 'Full name' }],
              sections: [
                {
                  id: 'address',
                  title: 'Address',
                  description: 'Where we send letters.',
                  fields: [
                    { id: 'street', path: '/street', widget: 'text', label: 'Street' },
                    { id: 'city', path: '/city', widget: 'text', label: 'City' },
                  ],
                  sections: [
                    {
                      id: 'delivery',
                      title: 'Delivery',
                      fields: [
                        { id: 'leaveAtDoor', path: '/leaveAtDoor', widget: 'checkbox', label: 'Leave parcels at the door' },
                        {
                          id: 'deliveryNote',
                          path: '/deliveryNote',
                          widget: 'textarea',
                          label: 'Where to leave them',
                          visibleWhen: [{ path: '/leaveAtDoor', op: 'eq', value: true }],
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
        {
          id: 'work-page',
          title: 'Work',
          sections: [
            {
              id: 'jobs',
              title: 'Jobs',
              repeatable: { path: '/jobs', minItems: 1, addLabel: 'Add a job' },
              fields: [{ id: 'employer', path: '/employer', widget: 'text', label: 'Employer' }],
              sections: [
                {
                  id: 'dates',
                  title: 'Dates',
                  fields: [
                    { id: 'from', path: '/from', widget: 'date', label: 'From' },
                    { id: 'to', path: '/to', widget: 'date', label: 'To' },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  );
}

/** Answers to {@link nestedSectionsSchema}: two jobs, each with its dates. */
export function nestedSectionsData(): JsonObject {
  return {
    name: 'Ada Lovelace',
    street: '12 St James’s Square',
    city: 'London',
    leaveAtDoor: true,
    deliveryNote: 'Behind the gate',
    jobs: [
      { employer: 'Analytical Engines Ltd', from: '1842-01-01', to: '1843-06-30' },
      { employer: 'Difference Works', from: '1843-07-01', to: '1845-12-31' },
    ],
  };
}
