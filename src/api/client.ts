/** The typed API client: one namespace per API area of docs/spec.md, Calls, over one fetch transport. */
import { createClaimApi } from './areas/claim';
import type { ClaimApi } from './areas/claim';
import { createCrudApi } from './areas/crud';
import type { CrudApi } from './areas/crud';
import { createDynamicFormLinkingApi } from './areas/dynamic-form-linking';
import type { DynamicFormLinkingApi } from './areas/dynamic-form-linking';
import { createFormGeneratorApi } from './areas/form-generator';
import type { FormGeneratorApi } from './areas/form-generator';
import { createFormsApi } from './areas/forms';
import type { FormsApi } from './areas/forms';
import { createHealthCheckApi } from './areas/health-check';
import type { HealthCheckApi } from './areas/health-check';
import { createODataApi } from './areas/odata';
import type { ODataApi } from './areas/odata';
import { createSigningApi } from './areas/signing';
import type { SigningApi } from './areas/signing';
import { createTransport } from './transport';
import type { ApiClientOptions, ApiRequest } from './transport';

/** The API client returned by {@link createApiClient}. */
export interface ApiClient {
  /** Low level: sends a request and resolves its JSON body (dates revived; null for 204 or empty). */
  request<T>(request: ApiRequest): Promise<T | null>;
  /** Low level: sends a request and resolves the accepted, unread `Response`. */
  send(request: ApiRequest): Promise<Response>;
  /** `/api/Claim/*`. */
  claim: ClaimApi;
  /** `/api/DynamicFormLinking/*`. */
  dynamicFormLinking: DynamicFormLinkingApi;
  /** `/odata/*` reads. */
  odata: ODataApi;
  /** `/api/crud/{form,formgroup,forminstance,formschema}/*`. */
  crud: CrudApi;
  /** `/api/FormGenerator/*`. */
  formGenerator: FormGeneratorApi;
  /** `/api/Forms/*`. */
  forms: FormsApi;
  /** `/api/HealthCheck/*`. */
  healthCheck: HealthCheckApi;
  /** `/api/Signing/*`. */
  signing: SigningApi;
}

/**
 * Creates the API client. The access token is read on every call; a 401 renews it once
 * (single-flight) and replays the call; GETs retry 5xx and network errors with backoff.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const transport = createTransport(options);
  return {
    request: transport.request,
    send: transport.send,
    claim: createClaimApi(transport),
    dynamicFormLinking: createDynamicFormLinkingApi(transport),
    odata: createODataApi(transport),
    crud: createCrudApi(transport),
    formGenerator: createFormGeneratorApi(transport),
    forms: createFormsApi(transport),
    healthCheck: createHealthCheckApi(transport),
    signing: createSigningApi(transport),
  };
}
