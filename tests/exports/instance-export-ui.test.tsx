/**
 * The Form Instances screen's exports through the fake backend: the options chosen in 'Export options' reach the
 * call, and the files saved are the CSV (with its byte-order mark) and the XLSX (read back with exceljs) laid out as
 * chosen.
 */
import ExcelJS from 'exceljs';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormInstanceList } from '../../src/forms-admin/FormInstanceList';
import { seedIds } from '../../src/testing/seed-ids';
import { renderInApi, setupFakeApi } from '../admin/support/screen';

const { requestsTo } = setupFakeApi();
afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

// The first page of the list took over 5 s to show in runs beside two CPU burners (load 30): waiting longer for it
// changes no result, only how long a failing test takes to say so.
const FIRST_PAGE_WAIT_MS = 20000;

async function blobBytes(blob: Blob): Promise<Uint8Array> {
  // jsdom's Blob lacks arrayBuffer(): read it through a Response.
  return new Uint8Array(await new Response(blob as unknown as BodyInit).arrayBuffer());
}

describe('Form Instances exports', () => {
  it("'Export options' lay the CSV and the XLSX out as chosen: one row per item, the data paths as a second header row", async () => {
    const saved: Blob[] = [];
    Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (saved.push(blob), 'blob:x')), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderInApi(<FormInstanceList />);
    await screen.findByText(seedIds.formInstances.loanSubmitted.slice(-8), undefined, { timeout: FIRST_PAGE_WAIT_MS });

    await user.click(screen.getByRole('button', { name: 'Export options' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'One column per item' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'One row per item' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Data paths as a second header row' }));

    await user.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(await screen.findByText("The form instances were exported to 'form-instances.xlsx'.", undefined, { timeout: 10_000 })).toBeInTheDocument();
    const xlsxCall = decodeURIComponent(requestsTo('ExportInstancesXlsx').at(-1)?.path ?? '');
    expect(xlsxCall).toContain('repeat=rows');
    expect(xlsxCall).toContain('pathRow=true');
    expect(xlsxCall).toContain('$orderby=lastUpdatedDateTime desc');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await blobBytes(saved[0] as Blob)).buffer as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect((sheet?.getRow(1).values as unknown[]).slice(1, 7)).toEqual(['id', 'form', 'schema version', 'status', 'created', 'updated']);
    expect((sheet?.getRow(2).values as unknown[]).slice(1, 3)).toEqual(['formInstanceId', 'form/name']);
    expect(sheet?.getRow(3).getCell(5).type).toBe(ExcelJS.ValueType.Date);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText("The form instances were exported to 'form-instances.csv'.", undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(decodeURIComponent(requestsTo('ExportInstancesCsv').at(-1)?.path ?? '')).toContain('repeat=rows');
    const csv = await blobBytes(saved[1] as Blob);
    expect([...csv.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(csv).split('\r\n');
    expect(lines[1]?.startsWith('formInstanceId,form/name,formSchema/version,status,createdDateTime,lastUpdatedDateTime')).toBe(true);
  });
});
