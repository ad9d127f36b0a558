/**
 * Hostile and limit-sized PDFs, generated on the spot (tests and bench/pdf-abuse): a small file whose field
 * appearance stream inflates hugely, a field tree thousands of levels deep, a fillable form padded to an exact size,
 * and fields with very long names. Each is a well-formed PDF with a correct cross-reference table, written byte by
 * byte so that its size and structure are exactly what is asked.
 */
import { createDeflate } from 'node:zlib';

/** An object's body: text, or a stream (dictionary text and data; `/Length` is added). */
type PdfObject = string | { dict: string; data: Uint8Array };

/** A PDF of `objects` (object 1 is the catalog), with its xref table and trailer. */
export function writePdf(objects: readonly PdfObject[]): Uint8Array {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let size = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(size);
    const parts =
      typeof object === 'string'
        ? [Buffer.from(`${i + 1} 0 obj\n${object}\nendobj\n`, 'latin1')]
        : [
            Buffer.from(`${i + 1} 0 obj\n<< ${object.dict} /Length ${object.data.byteLength} >>\nstream\n`, 'latin1'),
            Buffer.from(object.data.buffer, object.data.byteOffset, object.data.byteLength),
            Buffer.from('\nendstream\nendobj\n', 'latin1'),
          ];
    for (const part of parts) {
      chunks.push(part);
      size += part.length;
    }
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(chunks));
}

/** Deflates `size` bytes of `unit` repeated, without holding them (a stream of 1 MiB pieces). */
export async function deflateRepeated(size: number, unit = ' '): Promise<Uint8Array> {
  const piece = Buffer.alloc(Math.min(size, 1024 * 1024), unit);
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  for (let left = size; left > 0; left -= piece.length) {
    const chunk = left >= piece.length ? piece : piece.subarray(0, left);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return new Uint8Array(Buffer.concat(out));
}

const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] >>';

/** A one-page form with one text field `name` whose appearance stream is `appearance`. */
function oneFieldPdf(appearance: PdfObject, fieldName = 'name'): Uint8Array {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /DA (/Helv 0 Tf 0 g) >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    PAGE,
    `<< /Type /Annot /Subtype /Widget /FT /Tx /T (${fieldName}) /Rect [50 700 300 720] /P 3 0 R /AP << /N 5 0 R >> >>`,
    appearance,
  ]);
}

/**
 * A small fillable PDF whose one field's appearance stream inflates to `inflatedBytes` (spaces, FlateDecode): about
 * a thousandth of that on disk.
 */
export async function deflateBombPdf(inflatedBytes: number): Promise<Uint8Array> {
  const data = await deflateRepeated(inflatedBytes);
  return oneFieldPdf({ dict: '/Type /XObject /Subtype /Form /BBox [0 0 250 20] /Filter /FlateDecode', data });
}

/** A fillable PDF whose field tree is `depth` levels deep (each field the only kid of the one before), one widget at the bottom. */
export function deepFieldTreePdf(depth: number): Uint8Array {
  const objects: PdfObject[] = [
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /DA (/Helv 0 Tf 0 g) >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [${depth + 3} 0 R] >>`,
  ];
  for (let level = 0; level < depth; level++) {
    const id = level + 4;
    const parent = level === 0 ? '' : ` /Parent ${id - 1} 0 R`;
    if (level === depth - 1) {
      objects.push(`<< /Type /Annot /Subtype /Widget /FT /Tx /T (f${level})${parent} /Rect [50 700 300 720] /P 3 0 R >>`);
    } else {
      objects.push(`<< /T (f${level})${parent} /Kids [${id + 1} 0 R] >>`);
    }
  }
  return writePdf(objects);
}

/** A fillable PDF of one text field padded (an unused uncompressed stream) to exactly `totalBytes`. */
export function paddedPdf(totalBytes: number): Uint8Array {
  const build = (padding: number) =>
    writePdf([
      '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /DA (/Helv 0 Tf 0 g) >> >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      PAGE,
      '<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /Rect [50 700 300 720] /P 3 0 R >>',
      { dict: '', data: new Uint8Array(padding).fill(0x20) },
    ]);
  let padding = Math.max(0, totalBytes - build(0).byteLength);
  for (let i = 0; i < 3; i++) {
    const size = build(padding).byteLength;
    if (size === totalBytes) break;
    padding += totalBytes - size;
  }
  const pdf = build(padding);
  if (pdf.byteLength !== totalBytes) throw new Error(`Could not pad a PDF to ${totalBytes} bytes (got ${pdf.byteLength}).`);
  return pdf;
}

/** A fillable PDF with `count` text fields whose names are `nameBytes` long each. */
export function longFieldNamesPdf(count: number, nameBytes: number): Uint8Array {
  const fields = Array.from({ length: count }, (_, i) => i + 4);
  return writePdf([
    `<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [${fields.map((f) => `${f} 0 R`).join(' ')}] /DA (/Helv 0 Tf 0 g) >> >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [${fields.map((f) => `${f} 0 R`).join(' ')}] >>`,
    ...fields.map((_, i) => {
      const name = `${i}`.padEnd(nameBytes, 'n');
      return `<< /Type /Annot /Subtype /Widget /FT /Tx /T (${name}) /Rect [50 ${700 - i * 22} 300 ${720 - i * 22}] /P 3 0 R >>`;
    }),
  ]);
}
