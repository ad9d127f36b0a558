/**
 * The forms entity sets (docs/spec.md, Calls: /odata/FormOData, FormGroupOData, FormInstanceOData,
 * FormSchemaOData) mapped onto the server's tables. The names, types and navigations come from the
 * domain (`FORMS_ODATA_SCHEMA`), the same the test fake serves; only the columns are said here.
 * Columns left out (a form's PDF bytes, an instance's creator) are never answered; a row's version is
 * answered as its `@odata.etag`.
 */
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { FORMS_ODATA_SCHEMA } from '../../../src/domain/odata';
import { etagOf } from '../../../src/domain/forms';
import { formGroups, formInstances, forms, formSchemas } from '../db/schema';
import { defineSqlModel } from './entity';

const audit = <T extends { isDeleted: AnyPgColumn; createdDateTime: AnyPgColumn; lastUpdatedDateTime: AnyPgColumn }>(table: T) => ({
  isDeleted: table.isDeleted,
  createdDateTime: table.createdDateTime,
  lastUpdatedDateTime: table.lastUpdatedDateTime,
});

/**
 * The column of each contract property of the four entities: what OData reads answer, and what the
 * CRUD routes (`forms/store.ts`) answer too.
 */
export const FORMS_COLUMNS = {
  Form: {
    formId: forms.formId,
    name: forms.name,
    description: forms.description,
    formGroupId: forms.formGroupId,
    currentFormSchemaId: forms.currentFormSchemaId,
    pdfTemplate: forms.pdfTemplate,
    publicBaseUrl: forms.publicBaseUrl,
    ...audit(forms),
  },
  FormGroup: {
    formGroupId: formGroups.formGroupId,
    name: formGroups.name,
    description: formGroups.description,
    ...audit(formGroups),
  },
  FormSchema: {
    formSchemaId: formSchemas.formSchemaId,
    formId: formSchemas.formId,
    name: formSchemas.name,
    version: formSchemas.version,
    jsonSchema: formSchemas.jsonSchema,
    layout: formSchemas.layout,
    isPublic: formSchemas.isPublic,
    ...audit(formSchemas),
  },
  FormInstance: {
    formInstanceId: formInstances.formInstanceId,
    formSchemaId: formInstances.formSchemaId,
    formId: formInstances.formId,
    data: formInstances.data,
    status: formInstances.status,
    envelopeId: formInstances.envelopeId,
    envelopeStatus: formInstances.envelopeStatus,
    ...audit(formInstances),
  },
} as const;

// Each row read answers its `row_version` as `@odata.etag`, the ETag its CRUD answers carry.
const versionOf = (table: { rowVersion: AnyPgColumn }) => ({ column: table.rowVersion, of: (version: unknown) => etagOf(String(version)) });

/** The SQL model of the forms OData service: `runODataQuery(db, FORMS_SQL_MODEL, 'Form', query, { scope })`. */
export const FORMS_SQL_MODEL = defineSqlModel(FORMS_ODATA_SCHEMA, {
  Form: { table: forms, columns: FORMS_COLUMNS.Form, etag: versionOf(forms) },
  FormGroup: { table: formGroups, columns: FORMS_COLUMNS.FormGroup, etag: versionOf(formGroups) },
  FormSchema: { table: formSchemas, columns: FORMS_COLUMNS.FormSchema, etag: versionOf(formSchemas) },
  // `search_text` is lower(odata_json_strings(data)), stored by the database (migration 0013).
  FormInstance: { table: formInstances, columns: FORMS_COLUMNS.FormInstance, etag: versionOf(formInstances), searchTextColumns: { data: 'search_text' } },
});
