/**
 * `/api/DynamicFormLinking/*`: the host's application model, instances pre-filled from it and duplicates, the one route
 * table's (src/service/routes-forms.ts) over the forms routes' backend of the fake.
 */
import { DYNAMIC_FORM_LINKING_ROUTES } from '../../service/routes-forms';
import { memoryFormsBackend } from './forms';
import { tableRoute, type FakeRoute } from './route';

/** The dynamic form linking routes. */
export const dynamicFormLinkingRoutes: readonly FakeRoute[] = DYNAMIC_FORM_LINKING_ROUTES.map((linkingRoute) => tableRoute(linkingRoute, memoryFormsBackend));
