/**
 * `/odata/{Form,FormGroup,FormInstance,FormSchema}OData`, `/odata/$metadata` and the instance exports: the one route
 * table's OData area (src/service/routes-odata.ts) over the fake's db. The query is evaluated by the domain's OData
 * rules (`src/domain/odata`); this file only chooses the rows a caller may see. Anonymous callers see public schemas
 * (and their forms), plus the one instance — and its schema — that their link token names.
 */
import { evaluateODataQuery, FORMS_ODATA_SCHEMA, ODATA_LIMITS, type FormsODataType, type ODataQuery, type ODataRow } from '../../domain/odata';
import { readInstanceCsvSchemas, type InstanceCsvSource } from '../../domain/forms/instance-csv';
import { etagOf, seesSoftDeleted } from '../../domain/forms';
import { ODATA_ROUTES, type ODataBackend } from '../../service/routes-odata';
import type { FakeDb } from '../db';
import { rowVersion } from '../forms-model';
import { formsCallerOf } from './forms';
import { tableRoute, type FakeRoute, type RouteContext } from './route';

/** The rows of each entity type a caller may see (soft-deleted ones included: the domain hides them). */
export type Visible = Record<FormsODataType, readonly ODataRow[]>;

const asRows = (rows: readonly object[]): readonly ODataRow[] => rows as readonly ODataRow[];

export function visibleTo(db: FakeDb, ctx: RouteContext): Visible {
  const signedIn = ctx.caller.user;
  if (signedIn) {
    // Soft-deleted rows only for those who may restore them (the domain's rule), whatever the filter asks.
    const holds = (claim: number) => !ctx.backend.enforceClaims || ctx.backend.hasClaim(signedIn.id, claim);
    const rowsOf = (type: FormsODataType, rows: readonly { isDeleted: boolean }[]) =>
      asRows(seesSoftDeleted(type, true, holds) ? rows : rows.filter((r) => !r.isDeleted));
    return {
      Form: rowsOf('Form', db.forms),
      FormGroup: rowsOf('FormGroup', db.formGroups),
      FormSchema: rowsOf('FormSchema', db.formSchemas),
      FormInstance: rowsOf('FormInstance', db.formInstances),
    };
  }
  const link = ctx.caller.link;
  const liveForms = new Set(db.forms.filter((f) => !f.isDeleted).map((f) => f.formId));
  const schemas = db.formSchemas.filter((s) => !s.isDeleted && liveForms.has(s.formId) && (s.isPublic || s.formSchemaId === link?.formSchemaId));
  const formIds = new Set(schemas.map((s) => s.formId));
  return {
    Form: asRows(db.forms.filter((f) => formIds.has(f.formId))),
    FormGroup: [],
    FormSchema: asRows(schemas),
    FormInstance: asRows(db.formInstances.filter((i) => i.formInstanceId === link?.formInstanceId && !i.isDeleted)),
  };
}

/** Every instance `query` selects of those the caller may see, page by page as `FormInstanceOData` reads them. */
export function selectedInstances(ctx: RouteContext, query: ODataQuery): ODataRow[] {
  const visible = visibleTo(ctx.backend.db, ctx);
  const rows: ODataRow[] = [];
  for (let skip = 0; ; skip += ODATA_LIMITS.maxTop) {
    const page = evaluateODataQuery(FORMS_ODATA_SCHEMA, 'FormInstance', { ...query, top: ODATA_LIMITS.maxTop, skip }, { rows: (type) => visible[type as FormsODataType] }).value;
    rows.push(...page);
    if (page.length < ODATA_LIMITS.maxTop) return rows;
  }
}

/**
 * What an export reads, as the caller may read it (the same rows as `FormInstanceOData`): batches of instances and
 * the schemas the selected ones use (the summary's too). Rows, columns, cells and the file are the domain's
 * (`export-table`, `instance-csv`, `export-xlsx`), the same as the server's.
 */
export function exportSource(ctx: RouteContext): InstanceCsvSource {
  // Each read sees the rows as they are now, as the server's reads do.
  const source = () => {
    const visible = visibleTo(ctx.backend.db, ctx);
    return { rows: (type: string) => visible[type as FormsODataType] };
  };
  const rows = async (batch: ODataQuery) => evaluateODataQuery(FORMS_ODATA_SCHEMA, 'FormInstance', batch, source()).value;
  // The schemas the selected instances use (the server finds them in one statement).
  const schemas = async (selected: ODataQuery) => {
    const ids = new Set(selectedInstances(ctx, { ...selected, select: ['formSchemaId'] }).map((row) => String(row.formSchemaId)));
    const from = source();
    return readInstanceCsvSchemas([...ids], async (query) => evaluateODataQuery(FORMS_ODATA_SCHEMA, 'FormSchema', query, from).value);
  };
  return { rows, schemas };
}

/** The fake as the OData routes' backend: the query evaluated over the rows the caller may see. */
function memoryODataBackend(ctx: RouteContext): ODataBackend {
  return {
    caller: () => formsCallerOf(ctx),
    async read(typeName, query) {
      const visible = visibleTo(ctx.backend.db, ctx);
      return evaluateODataQuery(FORMS_ODATA_SCHEMA, typeName, query, {
        rows: (type) => visible[type as FormsODataType],
        // Every row answers its version, as the CRUD answers' ETag.
        etag: (_type, row) => etagOf(rowVersion(row)),
      });
    },
    exportSource: () => exportSource(ctx),
  };
}

/** The OData routes, the service description, and the CSV and XLSX exports that read through them. */
export const odataRoutes: readonly FakeRoute[] = ODATA_ROUTES.map((odataRoute) => tableRoute(odataRoute, memoryODataBackend));
