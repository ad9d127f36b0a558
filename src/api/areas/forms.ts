/** `/api/Forms/*`: public links and instance notifications (docs/spec.md, Calls). */
import { assertDefined } from '../args';
import { ArgumentError } from '../errors';
import { fileNameFromContentDisposition } from '../content-disposition';
import { buildQuery, type ODataQueryOptions } from '../odata';
import type { CallOptions, Transport } from '../transport';
import type { DownloadDocumentResult, FormInstance, FormInstanceStatusChange } from '../types';
import { CURRENT_PUBLIC_VERSION_PATH, type CurrentPublicVersion } from '../../domain/forms/public-form';
import { instanceExportParams, type InstanceExportOptions } from '../../domain/forms/export-options';
import type { InstanceSummary } from '../../domain/forms/summary';

export type { CurrentPublicVersion } from '../../domain/forms/public-form';
export type { ExportRepeatLayout, InstanceExportOptions } from '../../domain/forms/export-options';
export type {
  ChoiceQuestionSummary,
  CountOnlyQuestionSummary,
  DateQuestionSummary,
  InstanceSummary,
  NumberQuestionSummary,
  QuestionSummary,
  SummaryBin,
  SummaryChoiceCount,
  TextQuestionSummary,
} from '../../domain/forms/summary';

/** What a summary of instances reads: the rows of the list's filter and search. */
export type InstanceSummaryQuery = Pick<ODataQueryOptions<FormInstance>, 'filter' | 'search'>;

/** What an export of instances selects: the rows of the list's filter, search and order, every one of them. */
export type InstanceExportQuery = Pick<ODataQueryOptions<FormInstance>, 'filter' | 'search' | 'orderBy'>;

/** Options of an export call: the layout the person chose, and the call's own options. */
export type InstanceExportCallOptions = CallOptions & Partial<InstanceExportOptions>;

/** The Forms API. */
export interface FormsApi {
  /** `GET /api/Forms/GetEditUrl?formInstanceId`: a link that opens the instance in edit mode. */
  getEditUrl(formInstanceId: string, options?: CallOptions): Promise<string | null>;
  /** `GET /api/Forms/GetViewUrl?formInstanceId`: a link that opens the instance read-only. */
  getViewUrl(formInstanceId: string, options?: CallOptions): Promise<string | null>;
  /**
   * `GET /api/Forms/GetCurrentPublicVersion?formId` (beyond the spec, no sign-in needed): the version a form's stable
   * public link (`/form/{formId}`) serves now, its current version while that is public. 404 when there is none.
   */
  getCurrentPublicVersion(formId: string, options?: CallOptions): Promise<CurrentPublicVersion | null>;
  /** `GET /api/Forms/MarkCompleted?formInstanceId`: no response body is read. */
  markCompleted(formInstanceId: string, options?: CallOptions): Promise<null>;
  /** `GET /api/Forms/NotifyDeleted?formInstanceId`: no response body is read. */
  notifyDeleted(formInstanceId: string, options?: CallOptions): Promise<null>;
  /**
   * `GET /api/Forms/ExportInstancesCsv` (beyond the spec): every instance the `$filter`, `$search` and `$orderby`
   * select (not one page), as a CSV file in UTF-8 with a byte-order mark: a header row of labels (id, form, schema
   * version, status, created, updated, then each field's label; `pathRow` adds a row of data paths), choices by their
   * labels, repeatable sections one column per item (`repeat: 'columns'`, the default: one row per instance) or
   * one row per item (`repeat: 'rows'`), texts that would start a formula guarded with `'`. `$top`, `$skip`, `$select`, `$expand`
   * and `$count` are refused (400). The file name comes from `Content-Disposition`, as for `Signing/DownloadDocument`.
   */
  exportInstancesCsv(query?: InstanceExportQuery, options?: InstanceExportCallOptions): Promise<DownloadDocumentResult>;
  /**
   * `GET /api/Forms/ExportInstancesXlsx` (beyond the spec): the same rows, columns and cells as
   * {@link FormsApi.exportInstancesCsv}, as an XLSX spreadsheet with typed cells (numbers as numbers, dates and
   * date-times as dates).
   */
  exportInstancesXlsx(query?: InstanceExportQuery, options?: InstanceExportCallOptions): Promise<DownloadDocumentResult>;
  /**
   * `GET /api/Forms/DownloadPdf?formInstanceId&flatten` (beyond the spec): the instance as its form's PDF template
   * with the answers in its fields (`flatten: true` bakes them into the pages), for a form generated from a PDF. The
   * file name comes from `Content-Disposition`, as for `Signing/DownloadDocument`.
   */
  downloadPdf(formInstanceId: string, options?: CallOptions & { flatten?: boolean }): Promise<DownloadDocumentResult>;
  /**
   * `GET /api/Forms/InstanceSummary` (beyond the spec): what the answers of every instance the `$filter` and `$search`
   * select add up to, question by question (counts of choices, histograms of numbers and dates, the latest texts),
   * counted by the server (SQL aggregates, no instance loaded). Claim `FormInstance_SelectList`, as the read.
   */
  instanceSummary(query?: InstanceSummaryQuery, options?: CallOptions): Promise<InstanceSummary | null>;
  /**
   * `GET /api/Forms/StatusHistory?formInstanceId` (beyond the spec): every change of the instance's status, oldest
   * first, with who made it and when. 404 for no such instance. Claim `FormInstance_Select`, as the instance's read.
   */
  statusHistory(formInstanceId: string, options?: CallOptions): Promise<FormInstanceStatusChange[] | null>;
}

/** Creates the Forms API over a transport. */
export function createFormsApi(transport: Transport): FormsApi {
  const call = async <T>(name: string, formInstanceId: string, options: CallOptions | undefined, read: 'json' | 'none') => {
    assertDefined('formInstanceId', formInstanceId);
    return transport.request<T>({
      method: 'GET',
      path: `/api/Forms/${name}`,
      query: { formInstanceId },
      read,
      signal: options?.signal,
    });
  };
  const exportOf = async (name: string, accept: string, query: InstanceExportQuery | undefined, options: InstanceExportCallOptions | undefined): Promise<DownloadDocumentResult> => {
    // May be omitted, not null (docs/spec.md, Validation rules).
    if (query === null) throw new ArgumentError('query');
    const response = await transport.send({
      method: 'GET',
      path: `/api/Forms/${name}`,
      query: instanceExportParams({ repeat: options?.repeat, pathRow: options?.pathRow }),
      rawQuery: buildQuery(query ?? {}),
      headers: { Accept: accept },
      signal: options?.signal,
    });
    return {
      fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')),
      data: await response.blob(),
      status: response.status,
      headers: response.headers,
    };
  };
  return {
    getEditUrl: async (formInstanceId, options) => call<string>('GetEditUrl', formInstanceId, options, 'json'),
    getViewUrl: async (formInstanceId, options) => call<string>('GetViewUrl', formInstanceId, options, 'json'),
    getCurrentPublicVersion: async (formId, options) => {
      assertDefined('formId', formId);
      return transport.request<CurrentPublicVersion>({ method: 'GET', path: CURRENT_PUBLIC_VERSION_PATH, query: { formId }, read: 'json', signal: options?.signal });
    },
    markCompleted: async (formInstanceId, options) => call<null>('MarkCompleted', formInstanceId, options, 'none'),
    statusHistory: async (formInstanceId, options) => call<FormInstanceStatusChange[]>('StatusHistory', formInstanceId, options, 'json'),
    notifyDeleted: async (formInstanceId, options) => call<null>('NotifyDeleted', formInstanceId, options, 'none'),
    downloadPdf: async (formInstanceId, options) => {
      assertDefined('formInstanceId', formInstanceId);
      const response = await transport.send({
        method: 'GET',
        path: '/api/Forms/DownloadPdf',
        query: { formInstanceId, ...(options?.flatten ? { flatten: 'true' } : {}) },
        headers: { Accept: 'application/pdf' },
        signal: options?.signal,
      });
      return {
        fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')),
        data: await response.blob(),
        status: response.status,
        headers: response.headers,
      };
    },
    instanceSummary: async (query, options) => {
      // May be omitted, not null (docs/spec.md, Validation rules).
      if (query === null) throw new ArgumentError('query');
      return transport.request<InstanceSummary>({ method: 'GET', path: '/api/Forms/InstanceSummary', rawQuery: buildQuery(query ?? {}), read: 'json', signal: options?.signal });
    },
    exportInstancesCsv: async (query, options) => exportOf('ExportInstancesCsv', 'text/csv', query, options),
    exportInstancesXlsx: async (query, options) => exportOf('ExportInstancesXlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', query, options),
  };
}
