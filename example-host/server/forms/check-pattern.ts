/**
 * `POST /api/FormSchema/CheckPattern` on the reference server, the one route table's (src/service/routes-forms.ts):
 * the form builder asks it when a pattern box is left. The verdict is the very analysis a schema save runs
 * (`analysePatterns`, with its bounds and its remembered verdicts), so a pattern accepted here is accepted on save.
 */
import { PATTERN_CHECK_ROUTE } from '../../../src/service/routes-forms';
import type { AnyRouteDeclaration } from '../routes/registry';
import { tableRoute } from '../routes/table';
import { analysePatterns } from './patterns';

/** The pattern check route. */
export const checkPatternRoutes: readonly AnyRouteDeclaration[] = [
  tableRoute(PATTERN_CHECK_ROUTE, () => async (p) => (await analysePatterns([p]))(p, 'pattern') ?? null, { body: { pattern: '^[a-z]+$' } }),
];
