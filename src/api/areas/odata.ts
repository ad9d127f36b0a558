/** `/odata/*`: OData reads of forms, form groups, form instances and form schemas (docs/spec.md, Calls). */
import { ArgumentError } from '../errors';
import { singleOrNull } from '../guards';
import { ACCEPT, buildQuery } from '../odata';
import type { ODataEntity, ODataQueryOptions, ODataResult } from '../odata';
import type { CallOptions, Transport } from '../transport';
import type { Form, FormGroup, FormInstance, FormSchema } from '../types';

/** Reads of one OData entity set. */
export interface ODataEntitySet<T> {
  /** `GET /odata/{Set}` with the query options: the rows (and `@odata.count` when `count` is set). */
  list(options?: ODataQueryOptions<T>, callOptions?: CallOptions): Promise<ODataResult<T> | null>;
  /**
   * Asks for one row (`$top=1`) and resolves it, or null when there is none; rejects with
   * 'Expected one or zero results' when more than one comes back. The row carries its version (`@odata.etag`).
   */
  getOne(options?: ODataQueryOptions<T>, callOptions?: CallOptions): Promise<ODataEntity<T> | null>;
}

/** The OData API. */
export interface ODataApi {
  /** `/odata/FormOData`. */
  forms: ODataEntitySet<Form>;
  /** `/odata/FormGroupOData`. */
  formGroups: ODataEntitySet<FormGroup>;
  /** `/odata/FormInstanceOData`. */
  formInstances: ODataEntitySet<FormInstance>;
  /** `/odata/FormSchemaOData`. */
  formSchemas: ODataEntitySet<FormSchema>;
}

function entitySet<T>(transport: Transport, path: string): ODataEntitySet<T> {
  const list = async (options?: ODataQueryOptions<T>, callOptions?: CallOptions) => {
    // May be omitted, not null (docs/spec.md, Validation rules).
    if (options === null) throw new ArgumentError('options');
    return transport.request<ODataResult<T>>({
      method: 'GET',
      path,
      rawQuery: buildQuery(options ?? {}),
      headers: { Accept: ACCEPT },
      signal: callOptions?.signal,
    });
  };
  return {
    list,
    getOne: async (options, callOptions) => {
      if (options === null) throw new ArgumentError('options');
      const result = await list({ ...options, top: 1 }, callOptions);
      return singleOrNull(result?.value ?? []);
    },
  };
}

/** Creates the OData API over a transport. */
export function createODataApi(transport: Transport): ODataApi {
  return {
    forms: entitySet<Form>(transport, '/odata/FormOData'),
    formGroups: entitySet<FormGroup>(transport, '/odata/FormGroupOData'),
    formInstances: entitySet<FormInstance>(transport, '/odata/FormInstanceOData'),
    formSchemas: entitySet<FormSchema>(transport, '/odata/FormSchemaOData'),
  };
}
