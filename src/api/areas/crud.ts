/** `/api/crud/{entity}/*`: create, update, delete and soft delete (docs/spec.md, Calls). */
import { assertDefined } from '../args';
import type { CallOptions, Transport } from '../transport';
import type { CrudEntities, CrudEntityName } from '../types';

/** Create, update, delete and soft delete of one entity. */
export interface CrudEntityApi<T> {
  /** `POST /api/crud/{entity}/post`: creates the entity and resolves the saved one. */
  post(body: Partial<T>, options?: CallOptions): Promise<T | null>;
  /** `PATCH /api/crud/{entity}/patch`: updates the entity and resolves the saved one. */
  patch(body: Partial<T>, options?: CallOptions): Promise<T | null>;
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
      return transport.request({ method: 'PATCH', path: `${base}patch`, json: body, signal: options?.signal });
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
