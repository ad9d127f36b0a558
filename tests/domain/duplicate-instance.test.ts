/** The duplicate rule both backends apply (DynamicFormLinking/Duplicate). */
import { describe, expect, it } from 'vitest';
import { EnvelopeStatus, FormInstanceStatus } from '../../src/api/enums';
import type { FormInstance } from '../../src/api/types';
import { DomainError } from '../../src/domain';
import { duplicateInstanceFields } from '../../src/domain/forms';

const source: FormInstance = {
  formInstanceId: '00000000-0000-0000-0000-000000000001',
  formSchemaId: '00000000-0000-0000-0000-000000000002',
  formId: '00000000-0000-0000-0000-000000000003',
  data: { name: 'Ann', list: [{ a: 1 }] },
  status: FormInstanceStatus.Completed,
  envelopeId: '00000000-0000-0000-0000-000000000004',
  envelopeStatus: EnvelopeStatus.Created,
  isDeleted: false,
  createdDateTime: new Date('2024-01-01T00:00:00.000Z'),
  lastUpdatedDateTime: new Date('2024-01-01T00:00:00.000Z'),
};
const live = { isDeleted: false };

describe('duplicateInstanceFields', () => {
  it('copies schema, form and data (deeply) into a Created, unsigned, live instance', () => {
    const fields = duplicateInstanceFields(source.formInstanceId, source, live, live);
    expect(fields).toEqual({
      formSchemaId: source.formSchemaId,
      formId: source.formId,
      data: source.data,
      status: FormInstanceStatus.Created,
      envelopeId: null,
      envelopeStatus: null,
      isDeleted: false,
    });
    (fields.data.list as { a: number }[])[0]!.a = 2;
    expect(source.data).toEqual({ name: 'Ann', list: [{ a: 1 }] });
  });

  it('is 404 for a missing instance, or a soft-deleted instance, schema or form', () => {
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        return [(error as DomainError).status, (error as DomainError).detail];
      }
      return 'ok';
    };
    const notFound = [404, `No form instance '${source.formInstanceId}'.`];
    expect(refusal(() => duplicateInstanceFields(source.formInstanceId, undefined, live, live))).toEqual(notFound);
    expect(refusal(() => duplicateInstanceFields(source.formInstanceId, { ...source, isDeleted: true }, live, live))).toEqual(notFound);
    expect(refusal(() => duplicateInstanceFields(source.formInstanceId, source, { isDeleted: true }, live))).toEqual(notFound);
    expect(refusal(() => duplicateInstanceFields(source.formInstanceId, source, live, { isDeleted: true }))).toEqual(notFound);
    expect(refusal(() => duplicateInstanceFields(source.formInstanceId, source, undefined, live))).toEqual(notFound);
  });
});
