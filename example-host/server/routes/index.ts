/**
 * Every declared route of the reference backend. Later issues add their route lists here.
 */
import { formsRoutes } from '../forms';
import { pdfRoutes } from '../pdf/routes';
import { signingRoutes } from '../signing/routes';
import { assignmentRoutes } from './assignments';
import { claimCatalogueRoutes } from './claim-catalogue';
import { claimGroupRoutes } from './claim-groups';
import { claimRoutes } from './claims';
import { healthRoutes } from './health';
import { RouteRegistry } from './registry';
import { userGroupRoutes } from './user-groups';
import { userRoutes } from './users';

/** A registry holding every route of the server. */
export function createRouteRegistry(): RouteRegistry {
  return new RouteRegistry().add(
    ...healthRoutes,
    ...claimRoutes,
    ...claimCatalogueRoutes,
    ...claimGroupRoutes,
    ...userGroupRoutes,
    ...userRoutes,
    ...assignmentRoutes,
    ...formsRoutes,
    ...pdfRoutes,
    ...signingRoutes,
  );
}
