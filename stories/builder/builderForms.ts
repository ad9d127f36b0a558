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
};

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
