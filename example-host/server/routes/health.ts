/**
 * GET /api/HealthCheck/Get (public): the server and its database answer.
 */
import { sql } from 'drizzle-orm';
import { route } from './registry';

export const healthRoutes = [
  route({
    method: 'GET',
    path: '/api/HealthCheck/Get',
    anonymous: true,
    summary: 'Whether the server and its database are up',
    handler: async ({ c, services }) => {
      try {
        await services.db.execute(sql`SELECT 1`);
        return c.json({ status: 'Healthy', database: 'Healthy', timestamp: new Date().toISOString() });
      } catch {
        return c.json({ status: 'Unhealthy', database: 'Unhealthy', timestamp: new Date().toISOString() }, 503);
      }
    },
  }),
];
