/**
 * GET /api/HealthCheck/Get (public) of the one route table (src/service/routes-health.ts): the database answers a
 * `SELECT 1`, or it is down (503).
 */
import { sql } from 'drizzle-orm';
import { HEALTH_ROUTE } from '../../../src/service/routes-health';
import { tableRoute } from './table';

export const healthRoutes = [
  tableRoute(HEALTH_ROUTE, ({ services }) => ({
    database: async () => {
      await services.db.execute(sql`SELECT 1`);
      return 'Healthy' as const;
    },
    clock: { now: () => new Date() },
  })),
];
