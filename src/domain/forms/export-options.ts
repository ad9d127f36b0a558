/**
 * What the person chooses about an export of form instances (CSV or XLSX), and how the choice travels in the query
 * string beside the OData options. Kept apart from the table rules (`export-table.ts`) so that the API client carries
 * only this.
 */
import { ODataError } from '../odata/errors';

/** How a repeatable section's items are laid out: one row per item, or one column per item and field. */
export type ExportRepeatLayout = 'rows' | 'columns';

/** What the person chooses about an export's layout. */
export interface InstanceExportOptions {
  /**
   * Repeatable sections one column per item and field (`columns`, the default: each instance is one row, as the list
   * shows it) or one row per item (`rows`).
   */
  readonly repeat: ExportRepeatLayout;
  /** A second header row with each column's data path (default: only the labels). */
  readonly pathRow: boolean;
}

/** The default layout: one row per instance (repeatable sections one column per item), one header row of labels. */
export const DEFAULT_INSTANCE_EXPORT_OPTIONS: InstanceExportOptions = { repeat: 'columns', pathRow: false };

/** The query-string parameters of the options (beside the OData ones): `repeat=rows|columns`, `pathRow=true|false`. */
export const INSTANCE_EXPORT_PARAMS = { repeat: 'repeat', pathRow: 'pathRow' } as const;

/**
 * The options a query string asks for (missing ones take their default); 400 for a value that is none of the known
 * ones, rather than a file laid out otherwise than asked.
 */
export function parseInstanceExportOptions(params: URLSearchParams): InstanceExportOptions {
  const repeat = params.get(INSTANCE_EXPORT_PARAMS.repeat);
  const pathRow = params.get(INSTANCE_EXPORT_PARAMS.pathRow);
  if (repeat !== null && repeat !== 'rows' && repeat !== 'columns') throw new ODataError(`The parameter 'repeat' is 'rows' or 'columns', not '${repeat}'.`);
  if (pathRow !== null && pathRow !== 'true' && pathRow !== 'false') throw new ODataError(`The parameter 'pathRow' is 'true' or 'false', not '${pathRow}'.`);
  return { repeat: repeat ?? DEFAULT_INSTANCE_EXPORT_OPTIONS.repeat, pathRow: pathRow === 'true' };
}

/** The query-string parameters of `options` (only those that differ from the defaults). */
export function instanceExportParams(options: Partial<InstanceExportOptions> = {}): Record<string, string> {
  return {
    ...(options.repeat && options.repeat !== DEFAULT_INSTANCE_EXPORT_OPTIONS.repeat ? { [INSTANCE_EXPORT_PARAMS.repeat]: options.repeat } : {}),
    ...(options.pathRow ? { [INSTANCE_EXPORT_PARAMS.pathRow]: 'true' } : {}),
  };
}

