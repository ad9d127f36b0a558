/**
 * A form's stable public link (beyond the spec, beside its routes): `{publicBaseUrl}/form/{formId}?mode=edit` always
 * starts a new instance of the form's current version while that version is public, so a link or QR code printed
 * once keeps working after the form gets a new version. Instances keep their own version: their links (`GetEditUrl`,
 * `GetViewUrl`) and the version link `/form-instance/{formSchemaId}` still name the schema. One rule here decides
 * which version the stable link serves; the test fake and the reference server both answer
 * `GET /api/Forms/GetCurrentPublicVersion?formId` with it. Imports nothing but the error type, so a public page may
 * carry it.
 */
import type { Form, FormSchema } from '../../contract/types';
import { DomainError } from '../errors';
import type { FormLinkMode } from './links';

/** The call that resolves a form's stable link: `GET {this}?formId=…`, for anybody (no sign-in). */
export const CURRENT_PUBLIC_VERSION_PATH = '/api/Forms/GetCurrentPublicVersion';

/** What `GetCurrentPublicVersion` answers: the version a stable link serves now. */
export interface CurrentPublicVersion {
  formId: string;
  formSchemaId: string;
  version: number;
}

/** The sentence of the 404 when a form has no version its stable link can serve. */
export const NO_PUBLIC_VERSION_MESSAGE = 'This form has no public version: it does not exist, was deleted, or its current version is not public.';

/**
 * The stable public link of a form: `{publicBaseUrl}/form/{formId}?mode=…` (edit by default). `publicBaseUrl` is the
 * form's own, else the host's origin, as for the version links.
 */
export function stableFormUrl(publicBaseUrl: string, formId: string, mode: FormLinkMode = 'edit'): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/form/${encodeURIComponent(formId)}?mode=${mode}`;
}

/**
 * The version a form's stable link serves: the form's current version, while the form and that version are live and
 * the version is public. Anything else is 404 with {@link NO_PUBLIC_VERSION_MESSAGE}, the same for every caller, so
 * the link tells nobody more than a version link would. An older public version is never served instead: making a
 * version current that is not public takes the form off its stable link rather than sending visitors to answers of a
 * layout the editors moved away from.
 */
export function currentPublicVersion(
  form: Pick<Form, 'formId' | 'currentFormSchemaId' | 'isDeleted'> | undefined,
  schema: Pick<FormSchema, 'formSchemaId' | 'formId' | 'version' | 'isPublic' | 'isDeleted'> | undefined,
): CurrentPublicVersion {
  if (!form || form.isDeleted || !form.currentFormSchemaId) throw new DomainError(404, NO_PUBLIC_VERSION_MESSAGE);
  const current = form.currentFormSchemaId.toLowerCase();
  if (!schema || schema.formSchemaId.toLowerCase() !== current || schema.formId.toLowerCase() !== form.formId.toLowerCase()) {
    throw new DomainError(404, NO_PUBLIC_VERSION_MESSAGE);
  }
  if (schema.isDeleted || !schema.isPublic) throw new DomainError(404, NO_PUBLIC_VERSION_MESSAGE);
  return { formId: form.formId, formSchemaId: schema.formSchemaId, version: schema.version };
}
