/**
 * Every declared route of the reference backend. Later issues add their route lists here.
 */
import { claimRoutes } from './claims';
import { healthRoutes } from './health';
import { RouteRegistry } from './registry';

/** A registry holding every route of the server. */
export function createRouteRegistry(): RouteRegistry {
  return new RouteRegistry().add(...healthRoutes, ...claimRoutes);
}
