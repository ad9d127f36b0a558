/** `/api/crud/{entity}/*`: create, update, delete and soft delete (docs/spec.md, Calls). */
import { assertDefined } from '../args';
import { ODATA_ETAG } from '../../domain/odata';
import { etagOfRow, type ODataEntity } from '../odata';
import type { CallOptions, Transport } from '../transport';
import type { CrudEntities, CrudEntityName } from '../types';

/** Options of a CRUD patch. */
export interface CrudPatchOptions extends CallOptions {
  /** The version (ETag) the change is based on; null: not checked, even when the body carries one. */
  ifMatch?: string | null;
}

/** Create, update, delete and soft delete of one entity. */
export interface CrudEntityApi<T> {
  /** `POST /api/crud/{entity}/post`: creates the entity and resolves the saved one. */
  post(body: Partial<T>, options?: CallOptions): Promise<T | null>;
  /**
   * `PATCH /api/crud/{entity}/patch`: updates the entity and resolves the saved one. The version it was based on
   * goes as `If-Match` (a stale one is 412 and changes nothing): `options.ifMatch`, else the `@odata.etag` of a row
   * read through OData that the body still carries (that annotation is never sent as a property).
   */
  patch(body: Partial<ODataEntity<T>>, options?: CrudPatchOptions): Promise<T | null>;
  /** `DELETE /api/crud/{entity}/delete?Id`: removes the row (204). */
  delete(id: string, options?: CallOptions): Promise<null>;
  /** `PATCH /api/crud/{entity}/softdelete?Id`: marks the row deleted; resolves the server's boolean. */
  softDelete(id: string, options?: CallOptions): Promise<boolean | null>;
}

/** The CRUD API, one member per entity. */
export type CrudApi = { [K in CrudEntityName]: CrudEntityApi<CrudEntities[K]> };

function entityApi<T>(transport: Transport, entity: CrudEntityName): CrudEntityApi<T> {
  const base = `/api/crud/${entity}/`;
  return {
    post: async (body, options) => {
      assertDefined('body', body);
      return transport.request({ method: 'POST', path: `${base}post`, json: body, signal: options?.signal });
    },
    patch: async (body, options) => {
      assertDefined('body', body);
      const { [ODATA_ETAG]: _read, ...rest } = body;
      const ifMatch = options?.ifMatch !== undefined ? options.ifMatch : etagOfRow(body);
      return transport.request({
        method: 'PATCH',
        path: `${base}patch`,
        json: rest,
        headers: ifMatch ? { 'If-Match': ifMatch } : undefined,
        signal: options?.signal,
      });
    },
    delete: async (id, options) => {
      assertDefined('id', id);
      return transport.request<null>({
        method: 'DELETE',
        path: `${base}delete`,
        query: { Id: id },
        signal: options?.signal,
      });
    },
    softDelete: async (id, options) => {
      assertDefined('id', id);
      return transport.request({
        method: 'PATCH',
        path: `${base}softdelete`,
        query: { Id: id },
        signal: options?.signal,
      });
    },
  };
}

/** Creates the CRUD API over a transport. */
export function createCrudApi(transport: Transport): CrudApi {
  return {
    form: entityApi(transport, 'form'),
    formgroup: entityApi(transport, 'formgroup'),
    forminstance: entityApi(transport, 'forminstance'),
    formschema: entityApi(transport, 'formschema'),
  };
}
