import { useState } from 'react';
import type { InstanceExportOptions, InstanceExportQuery } from '../../api/areas/forms';
import { fillLabel, type Labels } from '../../query/labels';
import { useApi } from '../../query/APIProvider';
import { toast } from '../shared/toast';
import { saveDownload } from './download';

/** The files the Form Instances screen exports: CSV, or an Excel workbook (XLSX) with typed cells. */
export type InstanceExportFormat = 'csv' | 'xlsx';

/** The layout an export starts with: one row per instance (repeatable sections one column per item), one header row of labels. */
export const INITIAL_EXPORT_OPTIONS: InstanceExportOptions = { repeat: 'columns', pathRow: false };

/** What {@link useInstanceExport} returns: the chosen layout and the two exports. */
export interface InstanceExportController {
  /** Whether an export is running (both buttons wait for it). */
  exporting: boolean;
  /** The layout the person chose: repeatable sections by rows or by columns, and whether a row of data paths follows the labels. */
  exportOptions: InstanceExportOptions;
  setExportOptions(options: InstanceExportOptions): void;
  /** Downloads every instance the filters select as CSV (UTF-8 with a byte-order mark). */
  exportCsv(): void;
  /** Downloads every instance the filters select as an Excel workbook (XLSX). */
  exportXlsx(): void;
}

/**
 * The exports of the Form Instances screen: every instance `query()` selects (the list's filters and order, not one
 * page), laid out as chosen, downloaded under the name the server gives; the result said in a toast.
 */
export function useInstanceExport(query: () => InstanceExportQuery, labels: Labels): InstanceExportController {
  const { client } = useApi();
  const [exporting, setExporting] = useState(false);
  const [exportOptions, setExportOptions] = useState<InstanceExportOptions>(INITIAL_EXPORT_OPTIONS);
  const run = (format: InstanceExportFormat) => {
    if (exporting) return;
    setExporting(true);
    void (async () => {
      try {
        const file =
          format === 'csv' ? await client.forms.exportInstancesCsv(query(), exportOptions) : await client.forms.exportInstancesXlsx(query(), exportOptions);
        const name = saveDownload(file, `form-instances.${format}`);
        toast.success(fillLabel(labels.exportedToast, { name }), labels);
      } catch (error) {
        toast.failure(labels.exportFailed, error, labels);
      } finally {
        setExporting(false);
      }
    })();
  };
  return { exporting, exportOptions, setExportOptions, exportCsv: () => run('csv'), exportXlsx: () => run('xlsx') };
}
