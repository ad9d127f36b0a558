/**
 * The type of an uploaded file, read from its bytes: the rule of the file upload question kind that both backends
 * (the test fake and the reference server) run on every upload, React-free and HTTP-free. The declared media type and
 * the file name's extension are never trusted: a renamed executable is not a PDF because it is called `payslip.pdf`.
 */
import { DomainError } from '../errors';
import type { FileMediaType } from '../../engine/files';

export { FILE_MAX_BYTES, FILE_MEDIA_TYPES, fileReferencesText, fileSizeText, isFileReferences, type FileMediaType, type FileReference } from '../../engine/files';

/** The code of the problem details when a file's content is none of the field's accepted types (status 415). */
export const FILE_TYPE_CODE = 'file-type';

/** The leading bytes of each binary type (`%PDF-`, `GIF87a`, `RIFF….WEBP` as bytes); `null` stands for any byte (the RIFF chunk's size). */
const SIGNATURES: readonly { readonly type: Exclude<FileMediaType, 'text/plain'>; readonly bytes: readonly (number | null)[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] },
  { type: 'image/webp', bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50] },
];

const startsWith = (bytes: Uint8Array, signature: readonly (number | null)[]) =>
  bytes.length >= signature.length && signature.every((b, i) => b === null || bytes[i] === b);

/** Whether the bytes are text: valid UTF-8 (a byte order mark allowed) without a NUL byte. */
function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The media type of a file read from its content, or null when it is none of {@link FILE_MEDIA_TYPES} (an empty
 * file is none): `%PDF-` for PDF, the PNG signature, `FF D8 FF` for JPEG, `GIF87a` / `GIF89a`, `RIFF….WEBP`, and
 * for plain text valid UTF-8 without NUL bytes.
 */
export function fileTypeByContent(bytes: Uint8Array): FileMediaType | null {
  if (bytes.length === 0) return null;
  for (const { type, bytes: signature } of SIGNATURES) if (startsWith(bytes, signature)) return type;
  return isPlainText(bytes) ? 'text/plain' : null;
}

/**
 * The media type of an upload for a field that accepts `accepted`, read from its content. Throws a
 * {@link DomainError} 415 with code {@link FILE_TYPE_CODE} and the field named when the content is none of the
 * accepted types, whatever the file's name or declared type says.
 */
export function checkFileType(bytes: Uint8Array, accepted: readonly FileMediaType[], fieldId: string): FileMediaType {
  const type = fileTypeByContent(bytes);
  if (type !== null && accepted.includes(type)) return type;
  const found = type === null ? 'none of the accepted types' : type;
  throw new DomainError(415, `The file for '${fieldId}' is ${found}; the field accepts ${accepted.join(', ')}.`, { code: FILE_TYPE_CODE, fieldId });
}
