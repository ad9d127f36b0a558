/**
 * The `Content-Disposition` of a signed document download: an attachment named by its leaf name only (any folder part
 * and control characters removed, so a form name such as `../x` or `a/b` cannot name a path), with an ASCII fallback
 * `filename` and the exact name as RFC 5987 `filename*` (UTF-8, percent-encoded).
 */

/** The leaf of a file name: after the last `/` or `\`, without control characters, at most 200 characters. */
export function leafFileName(name: string, fallback = 'document.pdf'): string {
  const leaf = [...(name.split(/[/\\]/).pop() ?? '')]
    .filter((ch) => (ch.codePointAt(0) ?? 0) >= 0x20 && ch !== '\u007f')
    .join('')
    .trim()
    .slice(0, 200);
  return leaf === '' || leaf === '.' || leaf === '..' ? fallback : leaf;
}

/** RFC 5987 encoding of a header parameter value (`filename*=UTF-8''…`). */
export function encodeRfc5987Value(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The file name of an envelope's signed document: `{form name} - signed.pdf`, leaf only. */
export function signedDocumentFileName(formName: string): string {
  return leafFileName(`${formName.trim() || 'Form'} - signed.pdf`, 'signed.pdf');
}

/** `attachment; filename="ascii"; filename*=UTF-8''exact` for a file name (made a leaf first). */
export function attachmentDisposition(fileName: string): string {
  const leaf = leafFileName(fileName);
  const ascii = leaf.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987Value(leaf)}`;
}
