/** The typed API client: one namespace per API area of docs/spec.md, Calls, over one fetch transport. */
import { apiArea } from './area';
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
import { createFormSchemaApi } from './areas/form-schema';
import type { FormSchemaApi } from './areas/form-schema';
import { createHealthCheckApi } from './areas/health-check';
import type { HealthCheckApi } from './areas/health-check';
import { createODataApi } from './areas/odata';
import type { ODataApi } from './areas/odata';
import { createSigningApi } from './areas/signing';
import type { SigningApi } from './areas/signing';
import { createTransport } from './transport';
import type { ApiClientOptions, ApiRequest, Transport } from './transport';

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
  /** `/api/FormSchema/*`. */
  formSchema: FormSchemaApi;
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
  return apiClientOver(createTransport(options));
}

const clients = new WeakMap<Transport, ApiClient>();

/**
 * The API client over an existing transport, one per transport. Each area is built on first use and shared with
 * code that asks {@link apiArea} for the same area on that transport.
 */
export function apiClientOver(transport: Transport): ApiClient {
  const known = clients.get(transport);
  if (known) return known;
  const client: ApiClient = {
    request: transport.request,
    send: transport.send,
    get claim() {
      return apiArea(transport, createClaimApi);
    },
    get dynamicFormLinking() {
      return apiArea(transport, createDynamicFormLinkingApi);
    },
    get odata() {
      return apiArea(transport, createODataApi);
    },
    get crud() {
      return apiArea(transport, createCrudApi);
    },
    get formGenerator() {
      return apiArea(transport, createFormGeneratorApi);
    },
    get forms() {
      return apiArea(transport, createFormsApi);
    },
    get formSchema() {
      return apiArea(transport, createFormSchemaApi);
    },
    get healthCheck() {
      return apiArea(transport, createHealthCheckApi);
    },
    get signing() {
      return apiArea(transport, createSigningApi);
    },
  };
  clients.set(transport, client);
  return client;
}
