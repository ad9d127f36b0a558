/**
 * `/api/FormSchema/CheckPattern`: the one route table's (src/service/routes-forms.ts); the verdict on a pattern that
 * compiles is the backend option `checkPattern` (none: accepted).
 */
import { PATTERN_CHECK_ROUTE } from '../../service/routes-forms';
import { tableRoute, type FakeRoute } from './route';

/** The form schema check routes. */
export const formSchemaRoutes: readonly FakeRoute[] = [tableRoute(PATTERN_CHECK_ROUTE, (ctx) => ctx.backend.checkPattern)];
