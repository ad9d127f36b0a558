/**
 * `/api/HealthCheck/Get`: public. Answers `{ status }` from `db.health`; `Unhealthy` answers 503.
 */
import { json } from '../http';
import { PUBLIC, type FakeRoute } from './route';

/** The health check route. */
export const healthCheckRoutes: readonly FakeRoute[] = [
  {
    method: 'get',
    path: '/api/HealthCheck/Get',
    access: PUBLIC,
    handle: (ctx) => {
      const status = ctx.backend.db.health;
      return json({ status }, status === 'Unhealthy' ? 503 : 200);
    },
  },
];
