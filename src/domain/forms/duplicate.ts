/**
 * Duplicating a form instance (`GET /api/DynamicFormLinking/Duplicate?formInstanceId=`), once for the test fake and
 * the reference server: the copy is a new instance of the same schema and form with a deep copy of the data, status
 * Created (whatever the source's), no signing envelope and not deleted. Only a live instance of a live schema and form
 * can be duplicated: a soft-deleted one answers 404 as a missing one does (a copy would bring a deleted form back
 * into use).
 */
import { FormInstanceStatus } from '../../contract/enums';
import type { Form, FormInstance, FormSchema } from '../../contract/types';
import { rowNotFound, type FormInstanceFields } from './entities';
import { allLive } from './soft-delete';

/** The stored fields of a duplicate (the backend adds the new id and the audit times). */
export type DuplicateFields = FormInstanceFields & Pick<FormInstance, 'envelopeId' | 'envelopeStatus' | 'isDeleted'>;

/**
 * The fields of the copy of `source` (looked up by `id`), or a 404 when the instance is missing, or it, its schema
 * or its form is soft-deleted (or missing).
 */
export function duplicateInstanceFields(
  id: string,
  source: FormInstance | null | undefined,
  schema: Pick<FormSchema, 'isDeleted'> | null | undefined,
  form: Pick<Form, 'isDeleted'> | null | undefined,
): DuplicateFields {
  if (!source || !allLive(source, schema, form)) throw rowNotFound('form instance', id);
  return {
    formSchemaId: source.formSchemaId,
    formId: source.formId,
    data: structuredClone(source.data),
    status: FormInstanceStatus.Created,
    envelopeId: null,
    envelopeStatus: null,
    isDeleted: false,
  };
}
