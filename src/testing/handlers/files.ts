/**
 * `/api/FormFiles/*`: the files of file upload answers (the one use case, src/service/files.ts), kept in memory per
 * fake backend; a file goes with its instance (the download answers 404 once the instance is gone).
 */
import type { DomainError } from '../../domain/errors';
import { FORM_FILE_ROUTES, type FormFilesRouteBackend, type FormFilesStore, type StoredFormFile } from '../../service/files';
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
  };
}

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
    async ports(bodyBytes) {
      const { storage, ids, anonymousWrites } = await forms.ports(bodyBytes);
      return { storage, ids, anonymousWrites, files: memoryFormFiles(ctx.backend) };
    },
    caller: () => forms.caller(),
    readBody: (maxBytes, tooLarge) => readBody(ctx.request, maxBytes, tooLarge),
  };
}

/** The file routes. */
export const formFileRoutes: readonly FakeRoute[] = FORM_FILE_ROUTES.map((fileRoute) => tableRoute(fileRoute, memoryFilesBackend));
