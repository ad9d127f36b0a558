/**
 * The stored PDF templates of forms: the bytes a form was generated from, kept as uploaded (table
 * `form_pdf_templates`, by form id). The generator stores them for the draft form it answers; filling and signing
 * read them back by the form's id. A draft's PDF whose form was never saved is removed after a day (see
 * {@link removeAbandonedDraftPdfs}).
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import { isUuid } from '../../../src/domain';
import type { Db } from '../db/index';
import { formPdfTemplates, forms } from '../db/schema';

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

/**
 * Stores (or replaces) the PDF template of a form. `sha256` is the bytes' hash when already known (the PDF worker
 * computes it off the server's thread); otherwise it is computed here.
 */
export async function saveFormPdf(
  db: Db,
  template: Omit<StoredFormPdf, 'sha256'> & { sha256?: string; createdBy?: string | null },
): Promise<StoredFormPdf> {
  const sha256 = template.sha256 ?? sha256Hex(template.bytes);
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
    // The replacement names the inserted row's values (`excluded`), so the bytes are sent to the database once.
    .onConflictDoUpdate({
      target: formPdfTemplates.formId,
      set: {
        fileName: sql`excluded.file_name`,
        sha256: sql`excluded.sha256`,
        byteSize: sql`excluded.byte_size`,
        pageCount: sql`excluded.page_count`,
        bytes: sql`excluded.bytes`,
        createdBy: sql`excluded.created_by`,
        createdDateTime: new Date(),
      },
    });
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

/**
 * How long the PDF of a draft form is kept without its form being saved: a day, long enough for anyone still looking
 * at a generated form to save it, short enough that abandoned uploads (every upload stores its PDF) do not pile up.
 */
export const DRAFT_PDF_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the PDFs stored for draft forms that were never saved: older than `maxAgeMs` and with no form row of their
 * id (a saved form keeps its PDF until the form itself is deleted, which removes it too). Answers how many went.
 */
export async function removeAbandonedDraftPdfs(db: Db, now: Date = new Date(), maxAgeMs: number = DRAFT_PDF_MAX_AGE_MS): Promise<number> {
  const cutoff = new Date(now.getTime() - maxAgeMs);
  const removed = await db
    .delete(formPdfTemplates)
    .where(
      and(
        lt(formPdfTemplates.createdDateTime, cutoff),
        notExists(db.select({ one: sql`1` }).from(forms).where(eq(forms.formId, formPdfTemplates.formId))),
      ),
    )
    .returning({ formId: formPdfTemplates.formId });
  return removed.length;
}
