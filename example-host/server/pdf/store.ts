/**
 * The stored PDF templates of forms: the bytes a form was generated from, kept as uploaded (table
 * `form_pdf_templates`, by form id). The generator stores them for the draft form it answers; filling and signing
 * read them back by the form's id.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isUuid } from '../../../src/domain';
import type { Db } from '../db/index';
import { formPdfTemplates } from '../db/schema';

/** A form's stored PDF template. */
export interface StoredFormPdf {
  formId: string;
  /** The uploaded file's name. */
  fileName: string;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
  pageCount: number;
  bytes: Uint8Array;
}

/** SHA-256 of bytes, lower-case hex. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Stores (or replaces) the PDF template of a form. */
export async function saveFormPdf(
  db: Db,
  template: Omit<StoredFormPdf, 'sha256'> & { createdBy?: string | null },
): Promise<StoredFormPdf> {
  const sha256 = sha256Hex(template.bytes);
  const row = {
    formId: template.formId.toLowerCase(),
    fileName: template.fileName,
    sha256,
    byteSize: template.bytes.byteLength,
    pageCount: template.pageCount,
    bytes: template.bytes,
    createdBy: template.createdBy ?? null,
  };
  await db
    .insert(formPdfTemplates)
    .values(row)
    .onConflictDoUpdate({ target: formPdfTemplates.formId, set: { ...row, createdDateTime: new Date() } });
  return { formId: row.formId, fileName: row.fileName, sha256, pageCount: row.pageCount, bytes: row.bytes };
}

/** The stored PDF template of a form, or undefined when it has none (or the id is not a UUID). */
export async function loadFormPdf(db: Db, formId: string): Promise<StoredFormPdf | undefined> {
  if (!isUuid(formId)) return undefined;
  const [row] = await db
    .select({
      formId: formPdfTemplates.formId,
      fileName: formPdfTemplates.fileName,
      sha256: formPdfTemplates.sha256,
      pageCount: formPdfTemplates.pageCount,
      bytes: formPdfTemplates.bytes,
    })
    .from(formPdfTemplates)
    .where(eq(formPdfTemplates.formId, formId.toLowerCase()))
    .limit(1);
  if (!row) return undefined;
  // Drivers answer bytea as a Buffer or a Uint8Array; readers want a plain Uint8Array.
  const bytes = row.bytes instanceof Uint8Array ? new Uint8Array(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) : new Uint8Array(row.bytes);
  return { ...row, bytes };
}
