/**
 * `/api/FormFiles/*`: the files of file upload answers (the one use case, src/service/files.ts), kept in memory per
 * fake backend; a file goes with its instance (the download answers 404 once the instance is gone).
 */
import type { DomainError } from '../../domain/errors';
import { FORM_FILE_ROUTES, fileSweepSchedule, type FileSweepSchedule, type FormFilesRouteBackend, type FormFilesStore, type StoredFormFile } from '../../service/files';
import type { FakeBackend } from '../backend';
import { memoryFormsBackend } from './forms';
import { tableRoute, type FakeRoute, type RouteContext } from './route';

/** The stored files of each fake backend, by file id. */
const stores = new WeakMap<FakeBackend, Map<string, { file: StoredFormFile; bytes: Uint8Array }>>();

/** The files the fake keeps for `backend`. */
export function memoryFormFiles(backend: FakeBackend): FormFilesStore {
  let files = stores.get(backend);
  if (!files) stores.set(backend, (files = new Map()));
  const kept = files;
  return {
    insert: async (file, bytes) => void kept.set(file.fileId, { file, bytes: bytes.slice() }),
    find: async (fileId) => kept.get(fileId)?.file,
    bytes: async (fileId) => kept.get(fileId)?.bytes.slice() ?? new Uint8Array(),
    uploadedBefore: async (before, formInstanceId) =>
      [...kept.values()].map(({ file }) => file).filter((f) => f.createdAt < before && (formInstanceId === null || f.formInstanceId === formInstanceId)),
    remove: async (fileIds) => fileIds.forEach((fileId) => kept.delete(fileId)),
  };
}

/** The schedule of the sweep over every stored file, one per fake backend. */
const sweeps = new WeakMap<FakeBackend, FileSweepSchedule>();

/** The body of a request as bytes, refused with `tooLarge` past `maxBytes`. */
async function readBody(request: Request, maxBytes: number, tooLarge: () => DomainError): Promise<Uint8Array> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > maxBytes) throw tooLarge();
  return bytes;
}

/** The file routes' backend over the fake. */
function memoryFilesBackend(ctx: RouteContext): FormFilesRouteBackend {
  const forms = memoryFormsBackend(ctx);
  return {
    async ports() {
      const { storage, ids, clock } = await forms.ports(null);
      let schedule = sweeps.get(ctx.backend);
      if (!schedule) sweeps.set(ctx.backend, (schedule = fileSweepSchedule()));
      return { storage, ids, clock, files: memoryFormFiles(ctx.backend), sweeps: schedule, anonymousWrites: async (bodyBytes) => (await forms.ports(bodyBytes)).anonymousWrites };
    },
    caller: () => forms.caller(),
    readBody: (maxBytes, tooLarge) => readBody(ctx.request, maxBytes, tooLarge),
  };
}

/** The file routes. */
export const formFileRoutes: readonly FakeRoute[] = FORM_FILE_ROUTES.map((fileRoute) => tableRoute(fileRoute, memoryFilesBackend));
