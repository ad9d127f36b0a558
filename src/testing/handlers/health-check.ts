/**
 * `/api/HealthCheck/Get` of the one route table (src/service/routes-health.ts) over the fake: its database's state is
 * `db.health` (`Unhealthy` answers 503).
 */
import { HEALTH_ROUTE } from '../../service/routes-health';
import { tableRoute, type FakeRoute } from './route';

/** The health check route. */
export const healthCheckRoutes: readonly FakeRoute[] = [
  tableRoute(HEALTH_ROUTE, ({ backend }) => ({ database: async () => backend.db.health, clock: { now: () => backend.now() } })),
];
