/**
 * A tiny, deterministic, valid one-page PDF with a few lines of text: what the fake stores as an
 * uploaded template or returns as a signed document. Browser-safe (no Node APIs).
 */

/** Escapes text for a PDF literal string; dashes become `-`, other non-ASCII characters `?`. */
function pdfText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 63;
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code < 32 || code > 126) out += code === 0x2013 || code === 0x2014 ? '-' : '?';
    else out += ch;
  }
  return out;
}

/** A one-page PDF showing `lines`, as bytes. The same lines always give the same bytes. */
export function minimalPdf(lines: readonly string[]): Uint8Array {
  const content = [
    'BT',
    '/F1 14 Tf',
    '72 760 Td',
    '18 TL',
    ...lines.map((line, i) => (i === 0 ? `(${pdfText(line)}) Tj` : `T* (${pdfText(line)}) Tj`)),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}
