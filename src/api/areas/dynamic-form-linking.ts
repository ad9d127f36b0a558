/** `/api/DynamicFormLinking/*`: primitive data paths and instances created from an application (docs/spec.md, Calls). */
import { assertDefined } from '../args';
import type { CallOptions, Transport } from '../transport';
import type { FormInstance, InstanceFromApplication, JsonObject, PrimitivePathInfo } from '../types';

/** The DynamicFormLinking API. */
export interface DynamicFormLinkingApi {
  /** `GET /api/DynamicFormLinking/GetAllPrimitivePaths`: the data paths of the host's application model. */
  getAllPrimitivePaths(options?: CallOptions): Promise<string[] | null>;
  /**
   * `GET /api/DynamicFormLinking/GetAllPrimitivePaths?withTypes=true` (beyond the spec): the same paths, each with
   * its type (and string format), for flagging links whose types do not match.
   */
  getAllPrimitivePathsWithTypes(options?: CallOptions): Promise<PrimitivePathInfo[] | null>;
  /**
   * `POST /api/DynamicFormLinking/Create?schemaId`: a form instance pre-filled from the posted application. The
   * answer also lists the application's values the form's schema refused (`prefillProblems`): they are left empty.
   */
  create(schemaId: string, body: JsonObject, options?: CallOptions): Promise<InstanceFromApplication | null>;
  /** `GET /api/DynamicFormLinking/Duplicate?formInstanceId`: a copy of the instance. */
  duplicate(formInstanceId: string, options?: CallOptions): Promise<FormInstance | null>;
  /** `GET /api/DynamicFormLinking/GetExampleApplication`: an example of the application model. */
  getExampleApplication(options?: CallOptions): Promise<JsonObject | null>;
}

const BASE = '/api/DynamicFormLinking/';

/** Creates the DynamicFormLinking API over a transport. */
export function createDynamicFormLinkingApi(transport: Transport): DynamicFormLinkingApi {
  return {
    getAllPrimitivePaths: async (options) =>
      transport.request({ method: 'GET', path: `${BASE}GetAllPrimitivePaths`, signal: options?.signal }),
    getAllPrimitivePathsWithTypes: async (options) =>
      transport.request({ method: 'GET', path: `${BASE}GetAllPrimitivePaths`, query: { withTypes: 'true' }, signal: options?.signal }),
    create: async (schemaId, body, options) => {
      assertDefined('schemaId', schemaId);
      return transport.request({
        method: 'POST',
        path: `${BASE}Create`,
        query: { schemaId },
        json: body ?? null,
        signal: options?.signal,
      });
    },
    duplicate: async (formInstanceId, options) => {
      assertDefined('formInstanceId', formInstanceId);
      return transport.request({
        method: 'GET',
        path: `${BASE}Duplicate`,
        query: { formInstanceId },
        signal: options?.signal,
      });
    },
    getExampleApplication: async (options) =>
      transport.request({ method: 'GET', path: `${BASE}GetExampleApplication`, signal: options?.signal }),
  };
}
