/**
 * exceljs is an optional peer: where it is not installed, the XLSX export answers a 500 whose sentence says what to
 * install, instead of a loader's stack. Here the import fails as Node's loader fails it (ERR_MODULE_NOT_FOUND).
 */
import { describe, expect, it, vi } from 'vitest';
import { DomainError } from '../../src/domain/errors';
import type { OpenedInstanceExport } from '../../src/domain/forms/export-table';
import { bufferedInstanceXlsx, XLSX_EXCELJS_MISSING_MESSAGE } from '../../src/domain/forms/export-xlsx';

vi.mock('exceljs', () => {
  throw Object.assign(new Error("Cannot find package 'exceljs'"), { code: 'ERR_MODULE_NOT_FOUND' });
});

describe('the XLSX export without exceljs', () => {
  it('fails with a 500 that names the package to install', async () => {
    const opened = { table: { header: [] }, slices: (async function* () {})() } as unknown as OpenedInstanceExport;
    const failure = await bufferedInstanceXlsx(opened).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ status: 500, message: XLSX_EXCELJS_MISSING_MESSAGE });
    expect(XLSX_EXCELJS_MISSING_MESSAGE).toMatch(/npm install exceljs/);
  });
});
