/**
 * Forms the builder's stories open: added to the stories' fake backend by a loader (after the per-story reset), so
 * each story starts from the seed plus its form.
 */
import type { Loader } from '@storybook/react-vite';
import type { FormSchema } from '../../src/api/types';
import { fakeBackend } from '../support/fakeBackend';

/** The ids of the forms the loaders add. */
export const builderStoryIds = {
  everyKindForm: '7b000000-0000-4000-8000-000000000001',
  everyKindSchema: '7b000000-0000-4000-8000-000000000002',
  largeForm: '7b000000-0000-4000-8000-000000000003',
  largeSchema: '7b000000-0000-4000-8000-000000000004',
  nestedForm: '7b000000-0000-4000-8000-000000000005',
  nestedSchema: '7b000000-0000-4000-8000-000000000006',
};

/**
 * A form with sections inside sections: an applicant section holding an address section, which holds a previous
 * address section (three levels), and a repeatable jobs section whose items hold a dates section.
 */
export function nestedSectionsForm(): Pick<FormSchema, 'jsonSchema' | 'layout'> {
  const text = { type: 'string', maxLength: 200 };
  return {
    jsonSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        fullName: text,
        street: text,
        city: text,
        previousStreet: text,
        jobs: { type: 'array', items: { type: 'object', properties: { employer: text, from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } } } },
      },
      required: ['fullName'],
    },
    layout: {
      pages: [
        {
          id: 'page-1',
          title: 'About you',
          sections: [
            {
              id: 'applicant',
              title: 'Applicant',
              fields: [{ id: 'full-name', path: '/fullName', widget: 'text', label: 'Full name' }],
              sections: [
                {
                  id: 'address',
                  title: 'Address',
                  fields: [
                    { id: 'street', path: '/street', widget: 'text', label: 'Street' },
                    { id: 'city', path: '/city', widget: 'text', label: 'City' },
                  ],
                  sections: [{ id: 'previous-address', title: 'Previous address', fields: [{ id: 'previous-street', path: '/previousStreet', widget: 'text', label: 'Previous street' }] }],
                },
              ],
            },
            {
              id: 'jobs',
              title: 'Jobs',
              repeatable: { path: '/jobs', minItems: 0, addLabel: 'Add a job' },
              fields: [{ id: 'employer', path: '/employer', widget: 'text', label: 'Employer' }],
              sections: [
                {
                  id: 'job-dates',
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
  };
}

/** A loader that adds a form whose current version is `schema`. */
export function addBuilderForm(formId: string, formSchemaId: string, name: string, schema: () => Pick<FormSchema, 'jsonSchema' | 'layout'>): Loader {
  return () => {
    const db = fakeBackend.db;
    const at = new Date('2026-01-05T10:00:00Z');
    const { jsonSchema, layout } = schema();
    db.formSchemas.push({ formSchemaId, formId, name, version: 1, jsonSchema, layout, isPublic: false, createdDateTime: at, lastUpdatedDateTime: at } as (typeof db.formSchemas)[number]);
    db.forms.push({
      formId,
      name,
      description: null,
      formGroupId: null,
      currentFormSchemaId: formSchemaId,
      isDeleted: false,
      createdDateTime: at,
      lastUpdatedDateTime: at,
    } as (typeof db.forms)[number]);
    return {};
  };
}
