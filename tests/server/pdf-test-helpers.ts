/**
 * Helpers of the PDF tests: the shared fixtures, and pdf.js (a reader independent of the one the server fills with)
 * to read back what a PDF holds.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The folder of the real-world PDF fixtures. */
export const PDF_FIXTURES = fileURLToPath(new URL('../fixtures/pdfs/', import.meta.url));

/** A fixture's bytes as a plain Uint8Array. */
export function fixture(name: string): Uint8Array {
  const buffer = readFileSync(PDF_FIXTURES + name);
  return new Uint8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
}

/** What pdf.js reads in a PDF: the value of each field (by name), the text of each page. */
export interface PdfContents {
  values: Record<string, unknown>;
  fieldNames: string[];
  pageTexts: string[];
}

/** Reads a PDF with pdf.js. */
export async function readWithPdfJs(bytes: Uint8Array): Promise<PdfContents> {
  const doc = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const objects = ((await doc.getFieldObjects()) ?? {}) as Record<string, { value?: unknown; type?: string }[]>;
    const values: Record<string, unknown> = {};
    for (const [name, widgets] of Object.entries(objects)) {
      // Radio groups list one object per button; the group's value is the one set on any of them.
      const withValue = widgets.find((w) => w.value !== undefined && w.value !== '' && w.value !== 'Off') ?? widgets[0];
      values[name] = withValue?.value;
    }
    const pageTexts: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const text = await page.getTextContent();
      pageTexts.push(text.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return { values, fieldNames: Object.keys(objects), pageTexts };
  } finally {
    await doc.destroy();
  }
}
