/** `/api/HealthCheck/Get` (docs/spec.md, Calls). */
import type { CallOptions, Transport } from '../transport';
import type { JsonValue } from '../types';

/** The HealthCheck API. */
export interface HealthCheckApi {
  /** `GET /api/HealthCheck/Get`: the server's health report (JSON, or text such as `Healthy`). */
  get(options?: CallOptions): Promise<JsonValue | null>;
}

/** Creates the HealthCheck API over a transport. */
export function createHealthCheckApi(transport: Transport): HealthCheckApi {
  return {
    get: async (options) => transport.request({ method: 'GET', path: '/api/HealthCheck/Get', signal: options?.signal }),
  };
}
