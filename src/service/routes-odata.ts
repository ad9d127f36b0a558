/**
 * The OData area of the one route table (src/service/routes.ts): `GET /odata/$metadata`, the four entity sets
 * `/odata/{Form,FormGroup,FormInstance,FormSchema}OData` (docs/spec.md, Calls) and the CSV and XLSX exports that read
 * through `FormInstanceOData`. The query string is read by the domain's one OData parser; who sees which rows is the
 * backend's {@link ODataBackend} (the fake evaluates the query over its in-memory rows, the server compiles it to SQL),
 * with the domain's rules: anonymous callers see live public schemas and their forms, plus the one instance (and its
 * schema) their link names; signed-in callers see soft-deleted rows only of the types they may restore.
 */
import { DomainError } from '../domain';
import { ANONYMOUS_INSTANCES_MESSAGE, FORM_LINK_MODE_HEADER } from '../domain/forms';
import { parseInstanceExportOptions } from '../domain/forms/export-table';
import { INSTANCE_XLSX_CONTENT_TYPE, INSTANCE_XLSX_DISPOSITION, instanceXlsxStream } from '../domain/forms/export-xlsx';
import { INSTANCE_CSV_CONTENT_TYPE, INSTANCE_CSV_DISPOSITION, instanceCsvStream, type InstanceCsvSource } from '../domain/forms/instance-csv';
import { answerODataMetadata, FORMS_ODATA_SETS, ODATA_METADATA_PATH, parseODataQuery, type FormsODataType, type ODataPage, type ODataQuery } from '../domain/odata';
import type { FormsCaller } from './forms';
import type { RouteAnswer, ServiceRoute } from './routes';

/** The content type of OData answers (metadata none, streaming). */
export const ODATA_CONTENT_TYPE = 'application/json; odata.metadata=none; odata.streaming=true; charset=utf-8';

/** What the OData routes need of a backend, for one request. */
export interface ODataBackend {
  /** The caller: a signed-in user, or a visitor whose presented link token must be live (401). */
  caller(): Promise<FormsCaller>;
  /** One page of the rows of `typeName` that `caller` may see, as `query` selects them. */
  read(typeName: FormsODataType, query: ODataQuery, caller: FormsCaller): Promise<ODataPage>;
  /** What an export reads, as the signed-in caller may read it. */
  exportSource(): InstanceCsvSource;
}

/** An OData route. */
export type ODataRoute = ServiceRoute<ODataBackend>;

/** An answer written as it is (a text or a stream) with its headers. */
const raw = (body: string | ReadableStream<Uint8Array>, headers: Readonly<Record<string, string>>): RouteAnswer => ({ status: 200, raw: body, headers });

function setRoute(set: keyof typeof FORMS_ODATA_SETS): ODataRoute {
  const typeName = FORMS_ODATA_SETS[set] as FormsODataType;
  return {
    method: 'GET',
    path: `/odata/${set}`,
    summary: `OData read of ${typeName} rows.`,
    async handle(request, backend) {
      const caller = await backend.caller();
      if (caller.userId === null && typeName === 'FormInstance' && !caller.link) throw new DomainError(401, ANONYMOUS_INSTANCES_MESSAGE);
      const page = await backend.read(typeName, parseODataQuery(request.searchParams), caller);
      const body = page.count === undefined ? { value: page.value } : { '@odata.count': page.count, value: page.value };
      // A link holder learns what its link lets it do (a view link opened in edit mode is shown read-only).
      const linkMode: Record<string, string> = caller.link ? { [FORM_LINK_MODE_HEADER]: caller.link.mode } : {};
      return raw(JSON.stringify(body), { 'Content-Type': ODATA_CONTENT_TYPE, ...linkMode });
    },
  };
}

/** An export of the instances the same query string selects through `FormInstanceOData`. */
function exportRoute(format: 'Csv' | 'Xlsx'): ODataRoute {
  const csv = format === 'Csv';
  return {
    method: 'GET',
    path: `/api/Forms/ExportInstances${format}`,
    summary: `The form instances an OData query selects, as ${csv ? 'CSV' : 'an XLSX spreadsheet'}.`,
    async handle(request, backend) {
      const params = request.searchParams;
      const write = csv ? instanceCsvStream : instanceXlsxStream;
      const body = await write(backend.exportSource(), parseODataQuery(params), parseInstanceExportOptions(params));
      return raw(body, {
        'Content-Type': csv ? INSTANCE_CSV_CONTENT_TYPE : INSTANCE_XLSX_CONTENT_TYPE,
        'Content-Disposition': csv ? INSTANCE_CSV_DISPOSITION : INSTANCE_XLSX_DISPOSITION,
      });
    },
  };
}

/** The service description, the four OData reads, and the CSV and XLSX exports that read through them. */
export const ODATA_ROUTES: readonly ODataRoute[] = [
  {
    method: 'GET',
    path: ODATA_METADATA_PATH,
    summary: 'The OData service description (CSDL) of the forms entity sets.',
    async handle(request) {
      const { body, contentType } = answerODataMetadata(request.searchParams, request.header('accept'));
      return raw(body, { 'Content-Type': contentType, 'OData-Version': '4.0' });
    },
  },
  setRoute('FormOData'),
  setRoute('FormGroupOData'),
  setRoute('FormInstanceOData'),
  setRoute('FormSchemaOData'),
  exportRoute('Csv'),
  exportRoute('Xlsx'),
];
