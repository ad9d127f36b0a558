/**
 * The forms half of the reference server: CRUD of forms, form groups, form schemas
 * and form instances, the four OData reads, the Forms calls and the duplicate of an instance. The rules are the domain's
 * (src/domain/forms, src/domain/odata, src/engine), the same the test fake runs.
 */
import type { AnyRouteDeclaration } from '../routes/registry';
import { checkPatternRoutes } from './check-pattern';
import { crudRoutes } from './crud';
import { formsCallRoutes } from './forms-calls';
import { odataRoutes } from './odata-routes';
import { summaryRoutes } from './summary';

export { anonymousScope, ODATA_CONTENT_TYPE } from './odata-routes';
export { findLinkToken, hashLinkToken, issueLinkToken } from './store';

/** Every route of the forms half. */
export const formsRoutes: readonly AnyRouteDeclaration[] = [...crudRoutes, ...odataRoutes, ...summaryRoutes, ...formsCallRoutes, ...checkPatternRoutes];
