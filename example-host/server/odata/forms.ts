/**
 * The forms entity sets (spec §7: /odata/FormOData, FormGroupOData, FormInstanceOData,
 * FormSchemaOData) mapped onto the server's tables. The names, types and navigations come from the
 * domain (`FORMS_ODATA_SCHEMA`), the same the test fake serves; only the columns are said here.
 * Columns left out (a form's PDF bytes, row versions, an instance's creator) are never answered.
 */
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { FORMS_ODATA_SCHEMA } from '../../../src/domain/odata';
import { formGroups, formInstances, forms, formSchemas } from '../db/schema';
import { defineSqlModel } from './entity';

const audit = (table: { isDeleted: AnyPgColumn; createdDateTime: AnyPgColumn; lastUpdatedDateTime: AnyPgColumn }) => ({
  isDeleted: table.isDeleted,
  createdDateTime: table.createdDateTime,
  lastUpdatedDateTime: table.lastUpdatedDateTime,
});

/** The SQL model of the forms OData service: `runODataQuery(db, FORMS_SQL_MODEL, 'Form', query, { scope })`. */
export const FORMS_SQL_MODEL = defineSqlModel(FORMS_ODATA_SCHEMA, {
  Form: {
    table: forms,
    columns: {
      formId: forms.formId,
      name: forms.name,
      description: forms.description,
      formGroupId: forms.formGroupId,
      currentFormSchemaId: forms.currentFormSchemaId,
      pdfTemplate: forms.pdfTemplate,
      ...audit(forms),
    },
  },
  FormGroup: {
    table: formGroups,
    columns: {
      formGroupId: formGroups.formGroupId,
      name: formGroups.name,
      description: formGroups.description,
      ...audit(formGroups),
    },
  },
  FormSchema: {
    table: formSchemas,
    columns: {
      formSchemaId: formSchemas.formSchemaId,
      formId: formSchemas.formId,
      name: formSchemas.name,
      version: formSchemas.version,
      jsonSchema: formSchemas.jsonSchema,
      layout: formSchemas.layout,
      isPublic: formSchemas.isPublic,
      ...audit(formSchemas),
    },
  },
  FormInstance: {
    table: formInstances,
    columns: {
      formInstanceId: formInstances.formInstanceId,
      formSchemaId: formInstances.formSchemaId,
      formId: formInstances.formId,
      data: formInstances.data,
      status: formInstances.status,
      envelopeId: formInstances.envelopeId,
      envelopeStatus: formInstances.envelopeStatus,
      ...audit(formInstances),
    },
  },
});
