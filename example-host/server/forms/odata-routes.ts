/**
 * The OData area of the one route table (src/service/routes-odata.ts: `/odata/$metadata`,
 * `/odata/{Form,FormGroup,FormInstance,FormSchema}OData`, the instance exports) on the reference server: the query
 * parsed by the domain's one parser is compiled to parameterised SQL over the forms tables (`FORMS_SQL_MODEL`,
 * `runODataQuery`). A malformed query, or one over the limits ($top capped, $expand depth, $filter size),
 * is 400 naming the problem; soft-deleted rows are hidden unless the filter names `isDeleted`.
 *
 * Anonymous callers see what the fake shows them: live public schemas and their forms, plus the one
 * instance — and its schema — that their link token names; no form groups.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { parsePointer } from '../../../src/contract/json-pointer';
import { bindQuery, type FormsODataType, type ODataQuery } from '../../../src/domain/odata';
import { readInstanceCsvSchemas, type InstanceCsvSource } from '../../../src/domain/forms/instance-csv';
import { seesSoftDeleted, type FormLinkGrant } from '../../../src/domain/forms';
import { satisfies } from '../../../src/domain';
import { ODATA_ROUTES, type ODataBackend } from '../../../src/service/routes-odata';
import { forms, formSchemas } from '../db/schema';
import { distinctODataValues, FORMS_SQL_MODEL, ODataSqlCompiler, runODataQuery, type ODataDb, type ODataScope } from '../odata';
import type { AnyRouteDeclaration, RouteContext } from '../routes/registry';
import { tableRoute } from '../routes/table';
import { callerLink } from './http';

export { ODATA_CONTENT_TYPE } from '../../../src/service/routes-odata';

const uuidParam = (id: string | undefined): SQL => sql`${id ?? '00000000-0000-0000-0000-000000000000'}::uuid`;

/** The rows an anonymous caller holding `link` (or none) may see. */
export function anonymousScope(link: FormLinkGrant | null): ODataScope {
  const linkedSchema = uuidParam(link?.formSchemaId);
  // Live schemas of live forms that are public or the link's; `column` of the schema table names what is compared.
  const liveForms = sql`(select ${forms.formId} from ${forms} where ${forms.isDeleted} is not true)`;
  const visibleSchemas = (id: SQL, column: typeof formSchemas.formSchemaId | typeof formSchemas.formId) =>
    sql`(${id} in (select ${column} from ${formSchemas} where ${formSchemas.isDeleted} is not true and ${formSchemas.formId} in ${liveForms} and (${formSchemas.isPublic} or ${formSchemas.formSchemaId} = ${linkedSchema})))`;
  return (ctx) => {
    switch (ctx.typeName as FormsODataType) {
      case 'FormSchema':
        return visibleSchemas(ctx.column('formSchemaId'), formSchemas.formSchemaId);
      case 'Form':
        return visibleSchemas(ctx.column('formId'), formSchemas.formId);
      case 'FormInstance':
        return link ? sql`(${ctx.column('formInstanceId')} = ${uuidParam(link.formInstanceId)} and ${ctx.column('isDeleted')} is not true)` : sql`false`;
      default:
        return sql`false`;
    }
  };
}

/**
 * The rows a signed-in caller may see: soft-deleted ones only of the types whose restoring claim they hold (the
 * domain's `seesSoftDeleted`), whatever the filter asks.
 */
export function signedInScope(claims: ReadonlySet<number>): ODataScope {
  const holds = (claim: number) => satisfies(claims, claim);
  return (ctx) => (seesSoftDeleted(ctx.typeName as FormsODataType, true, holds) ? undefined : sql`(${ctx.column('isDeleted')} is not true)`);
}

/**
 * What an export reads, as the caller may read it: the instances in keyset-paged batches through `FormInstanceOData`'s
 * SQL, and the distinct schemas of the selected rows (one statement) with their forms' names and versions. Rows,
 * columns, cells and the file are the domain's (`export-table`, `instance-csv`, `export-xlsx`), the same as the fake's.
 */
/**
 * For each list path, the most items any instance `selected` selects has there, in one aggregate over the rows the
 * scope lets the caller read (`jsonb_array_length` where the answer at the path is an array, else 0): the `columns`
 * layout's header without a first pass over the rows.
 */
async function maxItemCounts(db: ODataDb, scope: ODataScope, selected: ODataQuery, paths: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (!paths.length) return counts;
  const bound = bindQuery(FORMS_SQL_MODEL.schema, 'FormInstance', selected);
  const compiler = new ODataSqlCompiler(FORMS_SQL_MODEL, scope);
  const ref = compiler.ref('FormInstance');
  const data = (ref.table as unknown as Record<string, AnyPgColumn>)[ref.entity.keys.data ?? ''];
  if (!data) throw new Error("'FormInstance.data' has no column.");
  const fields: Record<string, SQL<number | null>> = {};
  paths.forEach((path, i) => {
    const at = sql`${data} #> array[${sql.join(
      parsePointer(path).map((segment) => sql`${segment}`),
      sql`, `,
    )}]::text[]`;
    fields[`c${i}`] = sql<number | null>`max(case when jsonb_typeof(${at}) = 'array' then jsonb_array_length(${at}) else 0 end)`;
  });
  const [row] = await db.select(fields).from(ref.table).where(compiler.where(ref, bound, true));
  paths.forEach((path, i) => counts.set(path, Number(row?.[`c${i}`] ?? 0)));
  return counts;
}

function exportSource(ctx: RouteContext): InstanceCsvSource {
  const scope = signedInScope(ctx.auth?.claims ?? new Set());
  const db = ctx.services.db;
  const rows = async (batch: ODataQuery) => (await runODataQuery(db, FORMS_SQL_MODEL, 'FormInstance', batch, { scope })).value;
  const schemas = async (selected: ODataQuery) => {
    const ids = await distinctODataValues(db, FORMS_SQL_MODEL, 'FormInstance', selected, 'formSchemaId', { scope });
    return readInstanceCsvSchemas(ids.map(String), async (read) => (await runODataQuery(db, FORMS_SQL_MODEL, 'FormSchema', read, { scope })).value);
  };
  const itemCounts = (selected: ODataQuery, paths: readonly string[]) => maxItemCounts(db, scope, selected, paths);
  return { rows, schemas, itemCounts };
}

/** The server as the OData routes' backend: the query compiled to SQL over the rows the caller may see. */
function drizzleODataBackend(ctx: RouteContext): ODataBackend {
  return {
    caller: async () => ({ userId: ctx.auth?.user.id ?? null, link: await callerLink(ctx) }),
    read: (typeName, query, caller) =>
      runODataQuery(ctx.services.db, FORMS_SQL_MODEL, typeName, query, { scope: ctx.auth ? signedInScope(ctx.auth.claims) : anonymousScope(caller.link) }),
    exportSource: () => exportSource(ctx),
  };
}

/** The service description, the four OData reads, and the CSV and XLSX exports that read through them. */
export const odataRoutes: readonly AnyRouteDeclaration[] = ODATA_ROUTES.map((odataRoute) => tableRoute(odataRoute, drizzleODataBackend));
