/**
 * The files of file upload answers, written once for both backends (the test fake and the reference server):
 *
 * - `POST /api/FormFiles/Upload?formInstanceId&fieldId`: multipart, the file in the field `File` (its type is read
 *   from the bytes, never from the name or the part's header). The instance must be live and not completed, the
 *   field a file upload field of its schema; a visitor only uploads to the instance their edit link names, and each
 *   upload counts against their anonymous write bounds with its bytes. Over the field's largest size (at most 10 MiB)
 *   it is refused 413 before the body is read when `Content-Length` says so, else as soon as the bytes pass it; a
 *   content none of the field's accepted types is refused 415 (`file-type`). Answers the reference the answer stores,
 *   `{ fileId, name, size, type }`.
 *   A body without `Content-Length` (chunked) counts against those bounds with the bytes read.
 * - `GET /api/FormFiles/Download?fileId`: the stored bytes with the stored type and `Content-Disposition: attachment`,
 *   for staff who may read instances (the route → claim table says who).
 *
 * A stored file that its instance's answers do not reference (the visitor removed or replaced it, or never saved the
 * answer) is deleted once it is older than {@link FILE_UNREFERENCED_KEEP_MS}: until then the visitor may still be
 * filling in the form that will reference it. Each upload sweeps its instance's files, and at most every
 * {@link FILE_SWEEP_EVERY_MS} every stored file (see {@link sweepFormFiles}); stored files grow only by uploads.
 */
import { FormInstanceStatus } from '../contract/enums';
import { DomainError } from '../domain/errors';
import { isUuid } from '../domain/ids';
import { COMPLETED_MESSAGE, requireLinkFor, rowNotFound } from '../domain/forms';
import { checkFileType } from '../domain/forms/file-type';
import { FILE_MAX_BYTES, FILE_NAME_MAX_LENGTH, fileFieldOf, fileSizeText, type FileReference } from '../engine/files';
import type { FormsCaller } from './forms';
import type { AnonymousWrites, FormsStorage } from './forms-ports';
import type { Clock, Ids } from './ports';
import type { ServiceRoute } from './routes';

/** A stored file's facts (its bytes are kept apart). */
export interface StoredFormFile {
  fileId: string;
  formInstanceId: string;
  fieldId: string;
  name: string;
  /** The media type read from the content. */
  type: string;
  size: number;
  /** The signed-in user who uploaded it (null: a visitor). */
  createdBy: string | null;
  /** When it was uploaded. */
  createdAt: Date;
}

/** Where the files are kept. */
export interface FormFilesStore {
  /** Stores a file and its bytes. */
  insert(file: StoredFormFile, bytes: Uint8Array): Promise<void>;
  /** A stored file's facts, or undefined. */
  find(fileId: string): Promise<StoredFormFile | undefined>;
  /** A stored file's bytes. */
  bytes(fileId: string): Promise<Uint8Array>;
  /** The files uploaded before `before`: of the instance `formInstanceId`, or of every instance when it is null. */
  uploadedBefore(before: Date, formInstanceId: string | null): Promise<StoredFormFile[]>;
  /** Deletes files and their bytes. */
  remove(fileIds: readonly string[]): Promise<void>;
}

/** Says when the sweep over every stored file is due again (one per backend: the server's database, a fake). */
export interface FileSweepSchedule {
  /** Whether the sweep over every file is due at `now`; answering true books the next one. */
  due(now: Date): boolean;
}

/** What the file use cases work with. */
export interface FormFilesPorts {
  storage: FormsStorage;
  files: FormFilesStore;
  ids: Ids;
  clock: Clock;
  /** The bounds of this request's anonymous writes for a body of `bodyBytes`; null when the backend sets none. */
  anonymousWrites(bodyBytes: number): Promise<AnonymousWrites | null>;
  /** When the sweep over every stored file is due. */
  sweeps: FileSweepSchedule;
}

/** How long a stored file that no answer of its instance references is kept: 24 hours. */
export const FILE_UNREFERENCED_KEEP_MS = 24 * 60 * 60 * 1000;

/** How often an upload also sweeps every stored file, not only its instance's: at most once an hour. */
export const FILE_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** A new schedule of the sweep over every file: due at once, then {@link FILE_SWEEP_EVERY_MS} after each. */
export function fileSweepSchedule(): FileSweepSchedule {
  let next = 0;
  return {
    due(now) {
      if (now.getTime() < next) return false;
      next = now.getTime() + FILE_SWEEP_EVERY_MS;
      return true;
    },
  };
}

/** The file ids an instance's answers reference: every `fileId` of a file reference, at any depth (repeats too). */
export function referencedFileIds(data: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(data)) {
    for (const item of data) referencedFileIds(item, found);
  } else if (typeof data === 'object' && data !== null) {
    const record = data as Record<string, unknown>;
    if (typeof record.fileId === 'string') found.add(record.fileId.toLowerCase());
    for (const value of Object.values(record)) referencedFileIds(value, found);
  }
  return found;
}

/**
 * Deletes the stored files that no answer of their instance references and that are older than
 * {@link FILE_UNREFERENCED_KEEP_MS} at `now` (a file whose instance row is gone goes too): those of the instance
 * `formInstanceId`, or of every instance when it is null. Answers how many it deleted.
 */
export async function sweepFormFiles(ports: Pick<FormFilesPorts, 'storage' | 'files'>, now: Date, formInstanceId: string | null): Promise<number> {
  const old = await ports.files.uploadedBefore(new Date(now.getTime() - FILE_UNREFERENCED_KEEP_MS), formInstanceId);
  const byInstance = new Map<string, StoredFormFile[]>();
  for (const file of old) byInstance.set(file.formInstanceId, [...(byInstance.get(file.formInstanceId) ?? []), file]);
  const unreferenced: string[] = [];
  for (const [instanceId, files] of byInstance) {
    const instance = await ports.storage.find('forminstance', instanceId);
    const referenced = instance ? referencedFileIds(instance.row.data) : new Set<string>();
    for (const file of files) if (!referenced.has(file.fileId.toLowerCase())) unreferenced.push(file.fileId);
  }
  if (unreferenced.length > 0) await ports.files.remove(unreferenced);
  return unreferenced.length;
}

/** The code of the problem details of a file over its field's largest size (status 413). */
export const FILE_SIZE_CODE = 'file-size';

/** The refusal of a file over `maxBytes` (413, `file-size`). */
export function fileTooLarge(fieldId: string, maxBytes: number): DomainError {
  return new DomainError(413, fileTooLargeMessage(fieldId, maxBytes), { code: FILE_SIZE_CODE, fieldId, maxBytes });
}

/** The detail of {@link fileTooLarge}, the field's limit in the viewer's words ('The file for 'cv' is larger than 2 MB.'). */
export function fileTooLargeMessage(fieldId: string, maxBytes: number): string {
  return `The file for '${fieldId}' is larger than ${fileSizeText(maxBytes, 'en')}.`;
}

/** A visitor's file name made safe to keep: its last path segment, without control characters, cut to 200 characters. */
export function cleanFileName(name: string): string {
  const leaf = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = leaf.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, FILE_NAME_MAX_LENGTH);
  return clean === '' ? 'file' : clean;
}

/**
 * The file upload field `fieldId` of the live, not completed instance `formInstanceId`, with its limits, for
 * `caller` (a visitor only with the edit link of that instance): 404 for an unknown instance or field, 409 for a
 * completed instance.
 */
export async function fileTarget(ports: Pick<FormFilesPorts, 'storage'>, formInstanceId: string, fieldId: string, caller: FormsCaller) {
  if (!isUuid(formInstanceId)) throw rowNotFound('form instance', formInstanceId);
  if (caller.userId === null) requireLinkFor(caller.link, formInstanceId, true);
  const instance = await ports.storage.find('forminstance', formInstanceId.toLowerCase());
  if (!instance || instance.row.isDeleted) throw rowNotFound('form instance', formInstanceId);
  if (instance.row.status === FormInstanceStatus.Completed) throw new DomainError(409, COMPLETED_MESSAGE);
  const schema = await ports.storage.find('formschema', instance.row.formSchemaId);
  const found = schema ? fileFieldOf(schema.row, fieldId) : null;
  if (!found) throw new DomainError(404, `The form has no file upload field '${fieldId}'.`);
  return { instance: instance.row, ...found };
}

/** A file as read from an upload's multipart body: its part's file name and bytes. */
export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/** An upload's file and the size of the whole body read (the file and its multipart envelope). */
export interface UploadedBody extends UploadedFile {
  bodyBytes: number;
}

/** What an upload says besides its file. */
export interface FileUpload {
  formInstanceId: string;
  fieldId: string;
  /** The body's size as its `Content-Length` says, null when it says none. */
  declaredBytes: number | null;
  /** Reads the file of the multipart body, refusing it (413) as soon as the body passes `maxBytes` and its envelope. */
  read(maxBytes: number): Promise<UploadedBody>;
}

/** Room for the multipart envelope around a file (boundaries, part headers). */
export const FILE_MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** The upload's path. Its body is bounded by the field's own limit as it is read (no body limit of the app's before). */
export const FORM_FILE_UPLOAD_PATH = '/api/FormFiles/Upload';

/** The multipart field that holds the file. */
export const FILE_UPLOAD_FIELD = 'File';

/** The message of an upload whose body is no multipart form holding a file in the field `File` (400). */
export const FILE_UPLOAD_UNREADABLE = `The upload must be multipart/form-data with the file in the field '${FILE_UPLOAD_FIELD}'.`;

/** The file in the field `File` of a multipart body (400 when there is none). */
export async function fileFromMultipart(body: Uint8Array, contentType: string | null): Promise<UploadedFile> {
  if (!contentType || !contentType.toLowerCase().startsWith('multipart/form-data')) throw new DomainError(415, FILE_UPLOAD_UNREADABLE);
  let part: FormDataEntryValue | null;
  try {
    part = (await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData()).get(FILE_UPLOAD_FIELD);
  } catch {
    throw new DomainError(400, FILE_UPLOAD_UNREADABLE);
  }
  if (part === null || typeof part === 'string') throw new DomainError(400, FILE_UPLOAD_UNREADABLE);
  return { name: part.name, bytes: new Uint8Array(await part.arrayBuffer()) };
}

/** Stores an uploaded file for a file upload field (see the module's comment) and answers its reference. */
export async function uploadFormFile(ports: FormFilesPorts, upload: FileUpload, caller: FormsCaller): Promise<FileReference> {
  const { instance, field, limits } = await fileTarget(ports, upload.formInstanceId, upload.fieldId, caller);
  const maxBytes = Math.min(limits.maxBytes, FILE_MAX_BYTES);
  if (upload.declaredBytes !== null && upload.declaredBytes > maxBytes + FILE_MULTIPART_OVERHEAD_BYTES) throw fileTooLarge(field.id, maxBytes);
  const anonymous = caller.userId === null;
  // A visitor's upload counts with its declared size before the body is read; without one, with the bytes read.
  if (anonymous && upload.declaredBytes !== null) await (await ports.anonymousWrites(upload.declaredBytes))?.write(instance.formSchemaId);
  const { name, bytes, bodyBytes } = await upload.read(maxBytes);
  if (bytes.byteLength > maxBytes) throw fileTooLarge(field.id, maxBytes);
  if (anonymous && upload.declaredBytes === null) await (await ports.anonymousWrites(bodyBytes))?.write(instance.formSchemaId);
  if (bytes.byteLength === 0) throw new DomainError(400, `The file for '${field.id}' is empty.`, { fieldId: field.id });
  const type = checkFileType(bytes, limits.accepted, field.id);
  const file: StoredFormFile = {
    fileId: ports.ids.newId(),
    formInstanceId: instance.formInstanceId,
    fieldId: field.id,
    name: cleanFileName(name),
    type,
    size: bytes.byteLength,
    createdBy: caller.userId,
    createdAt: ports.clock.now(),
  };
  await sweepFormFiles(ports, file.createdAt, ports.sweeps.due(file.createdAt) ? null : instance.formInstanceId);
  await ports.files.insert(file, bytes);
  return { fileId: file.fileId, name: file.name, size: file.size, type: file.type };
}

/** A stored file for staff: its bytes, type and name (404 for an unknown file or one whose instance is gone). */
export async function downloadFormFile(ports: Pick<FormFilesPorts, 'storage' | 'files'>, fileId: string): Promise<{ file: StoredFormFile; bytes: Uint8Array }> {
  const missing = () => new DomainError(404, `No file '${fileId}'.`);
  if (!isUuid(fileId)) throw missing();
  const file = await ports.files.find(fileId.toLowerCase());
  const instance = file ? await ports.storage.find('forminstance', file.formInstanceId) : undefined;
  if (!file || !instance || instance.row.isDeleted) throw missing();
  return { file, bytes: await ports.files.bytes(file.fileId) };
}

/** A backend as the file routes see it. */
export interface FormFilesRouteBackend {
  /** The use cases' ports. */
  ports(): Promise<FormFilesPorts>;
  /** The caller: a signed-in user, or a visitor whose presented link token must be live (401). */
  caller(): Promise<FormsCaller>;
  /** Reads the request's body as bytes, refusing it with `tooLarge` as soon as it passes `maxBytes`. */
  readBody(maxBytes: number, tooLarge: () => DomainError): Promise<Uint8Array>;
}

/** The upload and the staff download of file upload answers. */
export const FORM_FILE_ROUTES: readonly ServiceRoute<FormFilesRouteBackend>[] = [
  {
    method: 'POST',
    path: FORM_FILE_UPLOAD_PATH,
    summary: 'Stores a file for a file upload field of an instance (multipart, field File); answers its reference.',
    async handle(request, backend) {
      const length = Number(request.header('content-length') ?? 'NaN');
      const declaredBytes = Number.isFinite(length) && length >= 0 ? length : null;
      const fieldId = request.query.required('fieldId');
      const reference = await uploadFormFile(
        await backend.ports(),
        {
          formInstanceId: request.query.required('formInstanceId').trim(),
          fieldId,
          declaredBytes,
          async read(maxBytes) {
            const body = await backend.readBody(maxBytes + FILE_MULTIPART_OVERHEAD_BYTES, () => fileTooLarge(fieldId, maxBytes));
            return { ...(await fileFromMultipart(body, request.contentType)), bodyBytes: body.byteLength };
          },
        },
        await backend.caller(),
      );
      return { status: 200, body: reference };
    },
  },
  {
    method: 'GET',
    path: '/api/FormFiles/Download',
    summary: 'A stored file of a file upload answer, with its type and name.',
    async handle(request, backend) {
      const { file, bytes } = await downloadFormFile(await backend.ports(), request.query.required('fileId').trim());
      return { status: 200, file: { bytes, contentType: file.type, fileName: file.name } };
    },
  },
];
