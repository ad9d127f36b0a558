/**
 * pdf.js (`pdfjs-dist`) is an optional peer: where it is not installed, the import fails, and the page viewer says
 * what to install (its `missingText`) instead of the notice for a PDF it could not draw. Here the import fails as
 * Node's loader fails it (ERR_MODULE_NOT_FOUND).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openPdfDocument, PDFJS_MISSING_ERROR } from '../../src/ui/pdf-document';
import { PdfPageViewer } from '../../src/ui/pdf-page-viewer';
import { renderWithProviders } from '../support/render';

vi.mock('pdfjs-dist', () => {
  throw Object.assign(new Error("Cannot find package 'pdfjs-dist' imported from /app/node_modules/@ccq/forms-admin/dist/pdf-document.js"), {
    code: 'ERR_MODULE_NOT_FOUND',
  });
});

const bytes = new Uint8Array([37, 80, 68, 70]);

describe('pdf.js not installed', () => {
  it('opening a PDF fails with the missing-library error, which names the package to install', async () => {
    const failure = await openPdfDocument(bytes).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).name).toBe(PDFJS_MISSING_ERROR);
    expect((failure as Error).message).toMatch(/npm install pdfjs-dist/);
  });

  it('the page viewer shows its missingText, not the failure notice', async () => {
    renderWithProviders(
      <PdfPageViewer
        data={bytes}
        scale={1}
        pageLabel={(page, count) => `Page ${page} of ${count}`}
        loadingText="Drawing the pages…"
        failedText="The pages could not be drawn."
        missingText="Install pdfjs-dist to see the pages."
      />,
    );
    expect(await screen.findByText('Install pdfjs-dist to see the pages.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('The pages could not be drawn.')).not.toBeInTheDocument();
  });
});
