/**
 * Every declared route of the reference backend. Later issues add their route lists here.
 */
import { fileRoutes } from '../files';
import { formsRoutes } from '../forms';
import { pdfRoutes } from '../pdf/routes';
import { signingRoutes } from '../signing/routes';
import { assignmentRoutes } from './assignments';
import { claimReadRoutes } from './claim-reads';
import { healthRoutes } from './health';
import { RouteRegistry } from './registry';

/** A registry holding every route of the server. */
export function createRouteRegistry(): RouteRegistry {
  return new RouteRegistry().add(
    ...healthRoutes,
    ...claimReadRoutes,
    ...assignmentRoutes,
    ...formsRoutes,
    ...fileRoutes,
    ...pdfRoutes,
    ...signingRoutes,
  );
}
