/**
 * The calls of the public form viewer: reading a form schema and a form instance (OData, docs/spec.md, Calls) as the caller at
 * hand — a signed-in user or a link token — and saving an instance (CRUD post / patch) with its version.
 * React-free apart from TanStack's `queryOptions`.
 */
import { queryOptions } from '@tanstack/react-query';
import type { FormViewerClient } from './viewer-client';
import { parseJsonWithDates } from '../api/dates';
import { guid, eq } from '../api/odata';
import type { FormInstance, FormSchema } from '../api/types';
import type { FormInstanceStatus } from '../api/enums';
import { isUuid } from '../domain/ids';
import { CURRENT_PUBLIC_VERSION_PATH, type CurrentPublicVersion } from '../domain/forms/public-form';
import { entityKeys } from './keys';

/**
 * The response header in which the server may hand an anonymous caller the link token of the instance it just
 * created (so its next saves can name that instance). The viewer sends it back as the bearer token.
 */
export { FORM_LINK_TOKEN_HEADER } from '../domain/forms/links';
import { FORM_LINK_TOKEN_HEADER } from '../domain/forms/links';

/** Who reads: a link token, or `'session'` (the provider's own token, or nobody). Part of every key. */
export type FormViewerCaller = string;

/** Query keys of the viewer's reads, below the entity keys so that entity invalidations reach them. */
export const formViewerKeys = {
  schema: (formSchemaId: string, caller: FormViewerCaller) =>
    [...entityKeys.entity('formschema'), 'viewer', formSchemaId, caller] as const,
  instance: (formInstanceId: string, caller: FormViewerCaller) =>
    [...entityKeys.entity('forminstance'), 'viewer', formInstanceId, caller] as const,
};

/** What was asked for does not exist, or the caller may not see it (answered as "none" or 404). */
export class FormNotFoundError extends Error {
  /** Which of the two reads found nothing. */
  readonly entity: 'formschema' | 'forminstance';

  constructor(entity: 'formschema' | 'forminstance', id: string) {
    super(entity === 'formschema' ? `No form schema '${id}'.` : `No form instance '${id}'.`);
    this.name = 'FormNotFoundError';
    this.entity = entity;
  }
}

/**
 * The query options of the version a form's stable public link serves (`GET /api/Forms/GetCurrentPublicVersion`,
 * beyond the spec): kept in their own object so that a page embedding only `FormInstanceViewer` does not carry them.
 * Asked once per opening of the link: the answer stays while the page is open (a visitor filling the form in is never
 * switched to a version published meanwhile) and is dropped when it closes, so the next opening asks again.
 */
export const currentPublicVersionQueries = {
  version: (client: FormViewerClient, formId: string) =>
    queryOptions({
      queryKey: [...entityKeys.entity('form'), 'current-public-version', formId] as const,
      queryFn: async ({ signal }): Promise<CurrentPublicVersion> => {
        if (!isUuid(formId)) throw new FormNotFoundError('formschema', formId);
        const answer = await client.request<CurrentPublicVersion>({ method: 'GET', path: CURRENT_PUBLIC_VERSION_PATH, query: { formId }, read: 'json', signal });
        if (!answer) throw new FormNotFoundError('formschema', formId);
        return answer;
      },
      staleTime: Infinity,
      gcTime: 0,
      retry: false,
    }),
};

/** Query options of the viewer's reads. */
export const formViewerQueries = {
  /**
   * One form schema by id, with its form's name and description (`form`); rejects with {@link FormNotFoundError} when
   * there is none the caller may see.
   */
  schema: (client: FormViewerClient, formSchemaId: string, caller: FormViewerCaller) =>
    queryOptions({
      queryKey: formViewerKeys.schema(formSchemaId, caller),
      queryFn: async ({ signal }): Promise<FormSchema> => {
        // Not an id at all: no call can find it.
        if (!isUuid(formSchemaId)) throw new FormNotFoundError('formschema', formSchemaId);
        // With the form's name and description: what a visitor sees as the title (the schema's name is internal).
        const schema = await client.odata.formSchemas.getOne(
          { filter: eq('formSchemaId', guid(formSchemaId)), expand: { form: { select: ['formId', 'name', 'description'] } } },
          { signal },
        );
        if (!schema) throw new FormNotFoundError('formschema', formSchemaId);
        return schema;
      },
    }),
  /** One form instance by id; rejects with {@link FormNotFoundError} when there is none the caller may see. */
  instance: (client: FormViewerClient, formInstanceId: string, caller: FormViewerCaller) =>
    queryOptions({
      queryKey: formViewerKeys.instance(formInstanceId, caller),
      queryFn: async ({ signal }): Promise<FormInstance> => {
        if (!isUuid(formInstanceId)) throw new FormNotFoundError('forminstance', formInstanceId);
        const instance = await client.odata.formInstances.getOne(
          { filter: eq('formInstanceId', guid(formInstanceId)) },
          { signal },
        );
        if (!instance) throw new FormNotFoundError('forminstance', formInstanceId);
        return instance;
      },
    }),
};

/** One save of a form instance. */
export interface FormInstanceSave {
  /** No id yet: create it (`post`); else update it (`patch`). */
  formInstanceId: string | null;
  formSchemaId: string;
  formId: string;
  data: FormInstance['data'];
  status: FormInstanceStatus;
  /** The version (ETag) the data was based on, sent as `If-Match` so a stale save gets 412; none: not checked. */
  version: string | null;
  /**
   * A link token to send as the bearer, instead of the provider's token: a signed-in user who fills in a public form
   * as a visitor saves their instance through the link handed out with it.
   */
  linkToken: string | null;
  signal?: AbortSignal;
}

/** What a save answered. */
export interface FormInstanceSaved {
  instance: FormInstance;
  /** The new version (the `ETag` header), or null when the server sends none. */
  version: string | null;
  /** A link token handed out for a newly created instance ({@link FORM_LINK_TOKEN_HEADER}), if any. */
  linkToken: string | null;
}

/**
 * Saves a form instance through `POST /api/crud/forminstance/post` or `PATCH /api/crud/forminstance/patch`, reading
 * the version and link token headers the typed CRUD call does not expose. Rejects with the client's `ApiError`
 * (412 for a stale version) or `NetworkError`.
 */
export async function saveFormInstance(client: FormViewerClient, save: FormInstanceSave): Promise<FormInstanceSaved> {
  const headers: Record<string, string> = {};
  if (save.version) headers['If-Match'] = save.version;
  if (save.linkToken) headers.Authorization = `Bearer ${save.linkToken}`;
  const body =
    save.formInstanceId === null
      ? { formSchemaId: save.formSchemaId, formId: save.formId, data: save.data, status: save.status }
      : { formInstanceId: save.formInstanceId, data: save.data, status: save.status };
  const response = await client.send({
    method: save.formInstanceId === null ? 'POST' : 'PATCH',
    path: save.formInstanceId === null ? '/api/crud/forminstance/post' : '/api/crud/forminstance/patch',
    json: body,
    headers,
    signal: save.signal,
  });
  const text = await response.text();
  const instance = (text === '' ? null : parseJsonWithDates(text)) as FormInstance | null;
  if (!instance || typeof instance.formInstanceId !== 'string') throw new Error('The server answered the save without the form instance.');
  return {
    instance,
    version: response.headers.get('ETag'),
    linkToken: response.headers.get(FORM_LINK_TOKEN_HEADER),
  };
}
