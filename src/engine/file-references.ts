/**
 * A file upload answer's references and how they are written (name and size), apart from the limits in `./files`:
 * this module imports nothing, so the widget loaded on demand shares only it (and the texts' helpers) with the rest.
 * React-free.
 */

/** What an answer of a file upload question holds for each file: a reference to the stored file, never its bytes. */
export interface FileReference {
  /** The server's id of the stored file (a GUID). */
  readonly fileId: string;
  /** The visitor's file name, at most `FILE_NAME_MAX_LENGTH` characters (see `./files`). */
  readonly name: string;
  /** The size in bytes, as the server stored it. */
  readonly size: number;
  /** The media type read from the content. */
  readonly type: string;
}

/** Whether a value is a list of file references (an answer of a file upload question). */
export function isFileReferences(value: unknown): value is FileReference[] {
  return (
    Array.isArray(value) &&
    value.every((item: unknown) => {
      if (typeof item !== 'object' || item === null) return false;
      const f = item as Record<string, unknown>;
      return typeof f.fileId === 'string' && typeof f.name === 'string' && typeof f.size === 'number' && typeof f.type === 'string';
    })
  );
}

/**
 * A size in bytes in words, its number in `locale`: bytes below 1 KB, whole KB below 1 MB, MB with at most one decimal
 * above ('12 KB', '1.5 MB', '10 MB'; 1 KB = 1,024 bytes). Every size the product shows or writes (a file answer, a
 * refusal's limit, an upload hint, an attachment) is worded by this one rule.
 */
export function fileSizeText(size: number, locale?: string): string {
  if (size < 1024) return `${size.toLocaleString(locale)} B`;
  const kb = Math.round(size / 1024);
  if (kb < 1024) return `${kb.toLocaleString(locale)} KB`;
  return `${(size / (1024 * 1024)).toLocaleString(locale, { maximumFractionDigits: 1 })} MB`;
}

/**
 * An answer of a file upload question as the exports' cell, view mode and the PDF answers page write it: each
 * file's name and size, joined by `; ` (`payslip.pdf (179 KB); id.png (1.2 MB)`); never the bytes. Empty for a
 * value that is no list of files.
 */
export function fileReferencesText(value: unknown, locale?: string): string {
  return isFileReferences(value) ? value.map((f) => `${f.name} (${fileSizeText(f.size, locale)})`).join('; ') : '';
}
