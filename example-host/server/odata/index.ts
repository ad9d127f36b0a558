/**
 * OData on the reference server (docs/decisions.md, OData): the query string is parsed by the domain's one
 * parser (`parseODataQuery` in `src/domain/odata`), bound to an entity type, and compiled here to
 * parameterised SQL over drizzle tables. Map each entity set once with {@link defineSqlModel}, then
 * answer a read with {@link runODataQuery}; an `ODataError` (status 400) names a malformed query.
 */
export { defineSqlModel } from './entity';
export type { SqlEntityMapping, SqlEntity, SqlModel } from './entity';
export { ODataSqlCompiler, escapeLike, literalParam } from './compile';
export type { ODataScope, ODataScopeContext, TableRef } from './compile';
export { distinctODataValues, runODataQuery } from './run';
export type { ODataDb, RunODataOptions } from './run';
export { FORMS_COLUMNS, FORMS_SQL_MODEL } from './forms';
