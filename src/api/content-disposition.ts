/**
 * File name from a `Content-Disposition` header (RFC 6266): `filename*` (RFC 5987, percent-encoded
 * with a charset) wins over `filename`; quoted names may contain `;` and backslash-escaped quotes.
 */

interface Parameter {
  name: string;
  value: string;
}

// Splits `type; a=b; c="d;e"` into parameters, honouring quoted strings and their escapes.
function parseParameters(header: string): Parameter[] {
  const params: Parameter[] = [];
  let i = header.indexOf(';');
  if (i < 0) return params;
  while (i < header.length) {
    i++; // skip ';'
    const eq = header.indexOf('=', i);
    if (eq < 0) break;
    const name = header.slice(i, eq).trim().toLowerCase();
    i = eq + 1;
    while (header[i] === ' ' || header[i] === '\t') i++;
    let value = '';
    if (header[i] === '"') {
      i++;
      while (i < header.length && header[i] !== '"') {
        if (header[i] === '\\' && i + 1 < header.length) i++;
        value += header[i];
        i++;
      }
      const next = header.indexOf(';', i);
      i = next < 0 ? header.length : next;
    } else {
      const next = header.indexOf(';', i);
      const end = next < 0 ? header.length : next;
      value = header.slice(i, end).trim();
      i = end;
    }
    params.push({ name, value });
  }
  return params;
}

// Decodes an RFC 5987 ext-value: charset'language'percent-encoded-octets.
function decodeExtValue(value: string): string | null {
  const match = /^([\w!#$%&+^`{}~-]*)'[\w-]*'(.*)$/.exec(value);
  if (!match) return null;
  const charset = (match[1] ?? '').toLowerCase();
  const encoded = match[2] ?? '';
  try {
    if (charset === 'utf-8' || charset === '') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1' || charset === 'latin1') {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  } catch {
    return null;
  }
  return null;
}

// Only the leaf name: a header must not steer a save dialog into another folder.
function leafName(name: string): string {
  const leaf = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1).trim();
  return leaf;
}

/** The file name a `Content-Disposition` header names, or null when it names none. */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const params = parseParameters(header);
  const extended = params.find((p) => p.name === 'filename*');
  const decoded = extended ? decodeExtValue(extended.value) : null;
  const plain = params.find((p) => p.name === 'filename')?.value ?? null;
  const name = decoded ?? plain;
  if (name === null) return null;
  const leaf = leafName(name);
  return leaf === '' ? null : leaf;
}
