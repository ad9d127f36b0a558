/**
 * The files of file upload answers on the reference server (`/api/FormFiles/Upload` and `Download`, the one use case
 * of src/service/files.ts): each file a row of `form_files` (removed with its instance) and its bytes in parts of
 * `form_file_parts`, written and read part by part with a turn of the event loop between (db/byte-parts.ts). The
 * upload's body is read chunk by chunk and refused as soon as it passes the field's largest size (request-body.ts).
 */
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { DomainError } from '../../../src/domain/errors';
import { FILE_UPLOAD_UNREADABLE, FORM_FILE_ROUTES, fileSweepSchedule, type FileSweepSchedule, type FormFilesRouteBackend, type FormFilesStore, type StoredFormFile } from '../../../src/service/files';
import { BYTE_PART_SIZE, readByteParts, writeByteParts } from '../db/byte-parts';
import { readRequestBody } from '../request-body';
import type { Db } from '../db/index';
import { formFileParts, formFiles } from '../db/schema';
import { drizzleFormsBackend } from '../forms/crud';
import type { AnyRouteDeclaration, RouteContext } from '../routes/registry';
import { tableRoute } from '../routes/table';

type FileRow = typeof formFiles.$inferSelect;

const storedFile = (row: FileRow): StoredFormFile => ({
  fileId: row.fileId,
  formInstanceId: row.formInstanceId,
  fieldId: row.fieldId,
  name: row.fileName,
  type: row.contentType,
  size: row.byteSize,
  createdBy: row.createdBy,
  createdAt: row.createdDateTime,
});

/** The files kept in the server's database. */
export function drizzleFormFiles(db: Db): FormFilesStore {
  return {
    async insert(file, bytes) {
      const partCount = Math.ceil(bytes.byteLength / BYTE_PART_SIZE);
      await db.insert(formFiles).values({
        fileId: file.fileId,
        formInstanceId: file.formInstanceId,
        fieldId: file.fieldId,
        fileName: file.name,
        contentType: file.type,
        byteSize: file.size,
        partCount,
        createdBy: file.createdBy,
        createdDateTime: file.createdAt,
      });
      try {
        await writeByteParts(bytes, (part, piece) => db.insert(formFileParts).values({ fileId: file.fileId, part, bytes: piece }));
      } catch (error) {
        await db.delete(formFiles).where(eq(formFiles.fileId, file.fileId));
        throw error;
      }
    },
    async find(fileId) {
      const [row] = await db.select().from(formFiles).where(eq(formFiles.fileId, fileId));
      return row ? storedFile(row) : undefined;
    },
    async bytes(fileId) {
      const [row] = await db.select({ partCount: formFiles.partCount }).from(formFiles).where(eq(formFiles.fileId, fileId));
      const parts = await db.select().from(formFileParts).where(eq(formFileParts.fileId, fileId)).orderBy(asc(formFileParts.part));
      return readByteParts(row?.partCount ?? 0, async (part) => parts[part]?.bytes, `The file '${fileId}'`);
    },
    async uploadedBefore(before, formInstanceId) {
      const older = lt(formFiles.createdDateTime, before);
      const rows = await db
        .select()
        .from(formFiles)
        .where(formInstanceId === null ? older : and(older, eq(formFiles.formInstanceId, formInstanceId)));
      return rows.map(storedFile);
    },
    async remove(fileIds) {
      // The parts go with their file (ON DELETE CASCADE).
      if (fileIds.length > 0) await db.delete(formFiles).where(inArray(formFiles.fileId, [...fileIds]));
    },
  };
}

/** The schedule of the sweep over every stored file, one per database. */
const sweeps = new WeakMap<Db, FileSweepSchedule>();

function sweepsOf(db: Db): FileSweepSchedule {
  let schedule = sweeps.get(db);
  if (!schedule) sweeps.set(db, (schedule = fileSweepSchedule()));
  return schedule;
}

/** The file routes' backend over the server. */
function drizzleFilesBackend(ctx: RouteContext): FormFilesRouteBackend {
  const forms = drizzleFormsBackend(ctx);
  return {
    async ports() {
      const { storage, ids, clock } = await forms.ports(null);
      const { db } = ctx.services;
      return { storage, ids, clock, files: drizzleFormFiles(db), sweeps: sweepsOf(db), anonymousWrites: async (bodyBytes) => (await forms.ports(bodyBytes)).anonymousWrites };
    },
    caller: () => forms.caller(),
    // The client went away or sent a broken body: no server error.
    readBody: (maxBytes, tooLarge) => readRequestBody(ctx.c.req.raw, { maxBytes, tooLarge, unreadable: () => new DomainError(400, FILE_UPLOAD_UNREADABLE) }),
  };
}

/** The file routes. */
export const fileRoutes: readonly AnyRouteDeclaration[] = FORM_FILE_ROUTES.map((fileRoute) => tableRoute(fileRoute, drizzleFilesBackend));
