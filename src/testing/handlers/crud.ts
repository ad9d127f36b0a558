/**
 * `/api/crud/{form|formgroup|forminstance|formschema}/{post|patch|delete|softdelete}`: the forms CRUD area of the one
 * route table (src/service/routes-forms.ts), bound over the fake's db: here only the use cases' ports and the caller.
 */
import { FORMS_CRUD_ROUTES } from '../../service/routes-forms';
import { memoryFormsBackend } from './forms';
import { tableRoute, type FakeRoute } from './route';

/** The CRUD routes of the four entities: the forms area of the one route table over the fake. */
export const crudRoutes: readonly FakeRoute[] = FORMS_CRUD_ROUTES.map((crudRoute) => tableRoute(crudRoute, memoryFormsBackend));
