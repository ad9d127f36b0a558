/**
 * `/odata/{Form,FormGroup,FormInstance,FormSchema}OData`: OData reads (docs/spec.md, Calls), parsed and
 * evaluated by the domain's OData rules (`src/domain/odata`); this file only chooses the rows a
 * caller may see. Anonymous callers see public schemas (and their forms), plus the one instance —
 * and its schema — that their link token names. A malformed query is an `ODataError`, answered 400
 * with problem details naming the problem.
 */
import { Permission } from '../../api/enums';
import {
  answerODataMetadata,
  evaluateODataQuery,
  FORMS_ODATA_SCHEMA,
  FORMS_ODATA_SETS,
  ODATA_LIMITS,
  ODATA_METADATA_PATH,
  parseODataQuery,
  type FormsODataType,
  type ODataQuery,
  type ODataRow,
} from '../../domain/odata';
import { INSTANCE_CSV_CONTENT_TYPE, INSTANCE_CSV_DISPOSITION, instanceCsvStream, readInstanceCsvSchemas, type InstanceCsvSource } from '../../domain/forms/instance-csv';
import { parseInstanceExportOptions } from '../../domain/forms/export-table';
import { INSTANCE_XLSX_CONTENT_TYPE, INSTANCE_XLSX_DISPOSITION, instanceXlsxStream } from '../../domain/forms/export-xlsx';
import { ANONYMOUS_INSTANCES_MESSAGE, checkPresentedLink, etagOf, FORM_LINK_MODE_HEADER, seesSoftDeleted } from '../../domain/forms';
import type { FakeDb } from '../db';
import { rowVersion } from '../forms-model';
import { FakeHttpError, json } from '../http';
import { presentedLinkToken } from './forms';
import { form, PUBLIC, user, type FakeRoute, type RouteContext } from './route';

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

/** The content type of OData answers (metadata none, streaming). */
export const ODATA_CONTENT_TYPE = 'application/json; odata.metadata=none; odata.streaming=true; charset=utf-8';

function odataRoute(set: keyof typeof FORMS_ODATA_SETS, access: FakeRoute['access']): FakeRoute {
  const typeName = FORMS_ODATA_SETS[set];
  return {
    method: 'get',
    path: `/odata/${set}`,
    access,
    handle(ctx) {
      if (!ctx.caller.user) {
        checkPresentedLink(presentedLinkToken(ctx), ctx.caller.link);
        if (typeName === 'FormInstance' && !ctx.caller.link) throw new FakeHttpError(401, ANONYMOUS_INSTANCES_MESSAGE);
      }
      const query = parseODataQuery(ctx.url.searchParams);
      const visible = visibleTo(ctx.backend.db, ctx);
      const page = evaluateODataQuery(FORMS_ODATA_SCHEMA, typeName, query, {
        rows: (type) => visible[type as FormsODataType],
        // Every row answers its version, as the CRUD answers' ETag.
        etag: (_type, row) => etagOf(rowVersion(row)),
      });
      const body = page.count === undefined ? { value: page.value } : { '@odata.count': page.count, value: page.value };
      // A link holder learns what its link lets it do (as the server tells it).
      const linkMode: Record<string, string> = !ctx.caller.user && ctx.caller.link ? { [FORM_LINK_MODE_HEADER]: ctx.caller.link.mode } : {};
      return json(body, 200, { 'content-type': ODATA_CONTENT_TYPE, ...linkMode });
    },
  };
}

/**
 * What an export reads, as the caller may read it (the same rows as `FormInstanceOData`): batches of instances and
 * the schemas the selected ones use. Rows, columns, cells and the file are the domain's (`export-table`,
 * `instance-csv`, `export-xlsx`), the same as the server's.
 */
function exportSource(ctx: RouteContext): InstanceCsvSource {
  const rows = async (batch: ODataQuery) => {
    // Each batch sees the rows as they are now, as the server's reads do.
    const visible = visibleTo(ctx.backend.db, ctx);
    return evaluateODataQuery(FORMS_ODATA_SCHEMA, 'FormInstance', batch, { rows: (type) => visible[type as FormsODataType] }).value;
  };
  // The schemas the selected instances use (the server finds them in one statement).
  const schemas = async (selected: ODataQuery) => {
    const visible = visibleTo(ctx.backend.db, ctx);
    const source = { rows: (type: string) => visible[type as FormsODataType] };
    const ids = new Set<string>();
    for (let skip = 0; ; skip += ODATA_LIMITS.maxTop) {
      const page = evaluateODataQuery(FORMS_ODATA_SCHEMA, 'FormInstance', { ...selected, select: ['formSchemaId'], top: ODATA_LIMITS.maxTop, skip }, source).value;
      for (const row of page) ids.add(String(row.formSchemaId));
      if (page.length < ODATA_LIMITS.maxTop) break;
    }
    return readInstanceCsvSchemas([...ids], async (query) => evaluateODataQuery(FORMS_ODATA_SCHEMA, 'FormSchema', query, source).value);
  };
  return { rows, schemas };
}

/**
 * `GET /api/Forms/ExportInstancesCsv`: the instances the same query string selects through `FormInstanceOData`, as
 * CSV (UTF-8 with a byte-order mark, headed by the fields' labels; `repeat` and `pathRow` lay it out).
 */
const exportInstancesCsvRoute: FakeRoute = {
  method: 'get',
  path: '/api/Forms/ExportInstancesCsv',
  access: user(Permission.FormInstance_SelectList),
  async handle(ctx) {
    const params = ctx.url.searchParams;
    const body = await instanceCsvStream(exportSource(ctx), parseODataQuery(params), parseInstanceExportOptions(params));
    return new Response(body, { status: 200, headers: { 'content-type': INSTANCE_CSV_CONTENT_TYPE, 'content-disposition': INSTANCE_CSV_DISPOSITION } });
  },
};

/** `GET /api/Forms/ExportInstancesXlsx`: the same rows, columns and cells as the CSV export, as a spreadsheet with typed cells. */
const exportInstancesXlsxRoute: FakeRoute = {
  method: 'get',
  path: '/api/Forms/ExportInstancesXlsx',
  access: user(Permission.FormInstance_SelectList),
  async handle(ctx) {
    const params = ctx.url.searchParams;
    const body = await instanceXlsxStream(exportSource(ctx), parseODataQuery(params), parseInstanceExportOptions(params));
    return new Response(body, { status: 200, headers: { 'content-type': INSTANCE_XLSX_CONTENT_TYPE, 'content-disposition': INSTANCE_XLSX_DISPOSITION } });
  },
};

/**
 * `GET /odata/$metadata` (public): the forms service's description as OData 4.0 CSDL, XML or JSON, from the domain's
 * entity types (`answerODataMetadata`), as the reference server answers it.
 */
const metadataRoute: FakeRoute = {
  method: 'get',
  path: ODATA_METADATA_PATH,
  access: PUBLIC,
  handle(ctx) {
    const { body, contentType } = answerODataMetadata(ctx.url.searchParams, ctx.request.headers.get('accept'));
    return new Response(body, { status: 200, headers: { 'content-type': contentType, 'odata-version': '4.0' } });
  },
};

/** The OData routes, the service description, and the CSV and XLSX exports that read through them. */
export const odataRoutes: readonly FakeRoute[] = [
  metadataRoute,
  odataRoute('FormOData', form(Permission.Form_SelectList)),
  odataRoute('FormGroupOData', user(Permission.FormGroup_SelectList)),
  odataRoute('FormInstanceOData', form(Permission.FormInstance_SelectList)),
  odataRoute('FormSchemaOData', form(Permission.FormSchema_SelectList)),
  exportInstancesCsvRoute,
  exportInstancesXlsxRoute,
];
