/**
 * `/api/DynamicFormLinking/Duplicate?formInstanceId=` on the reference server: the one route table's
 * (src/service/routes-forms.ts) copy of a live form instance over the server's database. The PDF calls of the area are
 * in ../pdf/routes.ts.
 */
import { DYNAMIC_FORM_LINKING_ROUTES } from '../../../src/service/routes-forms';
import type { AnyRouteDeclaration } from '../routes/registry';
import { tableRoute } from '../routes/table';
import { drizzleFormsBackend } from './crud';

/** The dynamic form linking calls the server answers. */
export const dynamicFormLinkingRoutes: readonly AnyRouteDeclaration[] = DYNAMIC_FORM_LINKING_ROUTES.map((linkingRoute) =>
  tableRoute(linkingRoute, drizzleFormsBackend),
);
