/**
 * `GET /api/HealthCheck/Get` (public) in the one route table: whether the backend and its database answer. Both
 * bindings answer `{ status, database, timestamp }`, 503 when the database is down.
 */
import type { Clock } from './ports';
import type { ServiceRoute } from './routes';

/** What the backend says of its database. */
export type DatabaseHealth = 'Healthy' | 'Degraded' | 'Unhealthy';

/** The health check's backend: its database's state (a probe that fails is `Unhealthy`), and the clock. */
export interface HealthBackend {
  database(): Promise<DatabaseHealth>;
  clock: Clock;
}

/** The health check route. */
export const HEALTH_ROUTE: ServiceRoute<HealthBackend> = {
  method: 'GET',
  path: '/api/HealthCheck/Get',
  summary: 'Whether the server and its database are up',
  async handle(_request, backend) {
    const database = await backend.database().catch((): DatabaseHealth => 'Unhealthy');
    const body = { status: database, database, timestamp: backend.clock.now().toISOString() };
    return database === 'Unhealthy' ? { status: 503, body } : { status: 200, body };
  },
};
