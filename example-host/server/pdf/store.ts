/**
 * The stored PDF templates of forms: the bytes a form was generated from (table `form_pdf_templates`, by form id,
 * the bytes in parts in `form_pdf_template_parts`). The generator stores them for the draft form it answers; filling and signing
 * read them back by the form's id. A draft's PDF whose form was never saved is removed after a day (see
 * {@link removeAbandonedDraftPdfs}).
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import { isUuid } from '../../../src/domain';
import { BYTE_PART_SIZE, plainBytes, readByteParts, writeByteParts } from '../db/byte-parts';
import type { Db } from '../db/index';
import { formPdfTemplateParts, formPdfTemplates, forms } from '../db/schema';

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

/** The most bytes of a template written or read in one statement (see db/byte-parts.ts). */
export const PDF_PART_BYTES = BYTE_PART_SIZE;

/**
 * Stores (or replaces) the PDF template of a form: its row, then its bytes in parts of {@link PDF_PART_BYTES}, one
 * statement each. `sha256` is the bytes' hash when already known (the PDF worker computes it off the server's thread);
 * otherwise it is computed here.
 *
 * A form's first template (every upload's: its form id is new) is written without a transaction around its parts: on
 * the embedded database, which has one connection, a transaction over 40 parts of a 10 MiB file made every other
 * query (the health check's too) wait until its last part. Nobody can ask for the template before its id is answered,
 * a part that fails removes the row (and its parts with it), and {@link loadFormPdf} serves a template only when its
 * parts add up to the size in its row. Replacing a template keeps the transaction, so readers see old or new, never a mix.
 */
export async function saveFormPdf(
  db: Db,
  template: Omit<StoredFormPdf, 'sha256'> & { sha256?: string; createdBy?: string | null },
): Promise<StoredFormPdf> {
  const sha256 = template.sha256 ?? sha256Hex(template.bytes);
  const formId = template.formId.toLowerCase();
  const row = {
    formId,
    fileName: template.fileName,
    sha256,
    byteSize: template.bytes.byteLength,
    pageCount: template.pageCount,
    // The bytes are in form_pdf_template_parts; this column holds those of templates stored before the parts.
    bytes: new Uint8Array(0),
    createdBy: template.createdBy ?? null,
  };
  const [created] = await db.insert(formPdfTemplates).values(row).onConflictDoNothing().returning({ formId: formPdfTemplates.formId });
  if (created) {
    try {
      await writeByteParts(template.bytes, (part, bytes) => db.insert(formPdfTemplateParts).values({ formId, part, bytes }));
    } catch (error) {
      await db.delete(formPdfTemplates).where(eq(formPdfTemplates.formId, formId)).catch(() => undefined);
      throw error;
    }
    return { formId, fileName: row.fileName, sha256, pageCount: row.pageCount, bytes: template.bytes };
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(formPdfTemplates)
      .values(row)
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
    await tx.delete(formPdfTemplateParts).where(eq(formPdfTemplateParts.formId, formId));
    await writeByteParts(template.bytes, (part, bytes) => tx.insert(formPdfTemplateParts).values({ formId, part, bytes }));
  });
  return { formId, fileName: row.fileName, sha256, pageCount: row.pageCount, bytes: template.bytes };
}

/** The stored PDF template of a form, or undefined when it has none (or the id is not a UUID); read part by part. */
export async function loadFormPdf(db: Db, formId: string): Promise<StoredFormPdf | undefined> {
  if (!isUuid(formId)) return undefined;
  const id = formId.toLowerCase();
  const [row] = await db
    .select({
      formId: formPdfTemplates.formId,
      fileName: formPdfTemplates.fileName,
      sha256: formPdfTemplates.sha256,
      pageCount: formPdfTemplates.pageCount,
      byteSize: formPdfTemplates.byteSize,
      parts: sql<number>`(SELECT count(*) FROM form_pdf_template_parts p WHERE p.form_id = ${id})`.mapWith(Number),
    })
    .from(formPdfTemplates)
    .where(eq(formPdfTemplates.formId, id))
    .limit(1);
  if (!row) return undefined;
  const { parts, byteSize, ...found } = row;
  if (parts === 0) {
    // A template stored before the parts: its bytes are in its row.
    const [old] = await db.select({ bytes: formPdfTemplates.bytes }).from(formPdfTemplates).where(eq(formPdfTemplates.formId, id)).limit(1);
    const bytes = plainBytes(old?.bytes ?? new Uint8Array(0));
    // A first template whose row is written and none of its parts yet.
    if (bytes.byteLength !== byteSize) return undefined;
    return { ...found, bytes };
  }
  const bytes = await readByteParts(
    parts,
    async (part) => {
      const [piece] = await db
        .select({ bytes: formPdfTemplateParts.bytes })
        .from(formPdfTemplateParts)
        .where(and(eq(formPdfTemplateParts.formId, id), eq(formPdfTemplateParts.part, part)));
      return piece?.bytes;
    },
    `The PDF template of form ${id}`,
  );
  // A first template whose parts are still being written (or whose writing failed before its row was removed).
  if (bytes.byteLength !== byteSize) return undefined;
  return { ...found, bytes };
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
