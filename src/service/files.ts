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
 * - `GET /api/FormFiles/Download?fileId`: the stored bytes with the stored type and `Content-Disposition: attachment`,
 *   for staff who may read instances (the route → claim table says who).
 */
import { FormInstanceStatus } from '../contract/enums';
import { DomainError } from '../domain/errors';
import { isUuid } from '../domain/ids';
import { COMPLETED_MESSAGE, requireLinkFor, rowNotFound } from '../domain/forms';
import { checkFileType } from '../domain/forms/file-type';
import { FILE_MAX_BYTES, FILE_NAME_MAX_LENGTH, fileFieldOf, type FileReference } from '../engine/files';
import type { FormsCaller } from './forms';
import type { AnonymousWrites, FormsStorage } from './forms-ports';
import type { Ids } from './ports';
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
}

/** Where the files are kept. */
export interface FormFilesStore {
  /** Stores a file and its bytes. */
  insert(file: StoredFormFile, bytes: Uint8Array): Promise<void>;
  /** A stored file's facts, or undefined. */
  find(fileId: string): Promise<StoredFormFile | undefined>;
  /** A stored file's bytes. */
  bytes(fileId: string): Promise<Uint8Array>;
}

/** What the file use cases work with. */
export interface FormFilesPorts {
  storage: FormsStorage;
  files: FormFilesStore;
  ids: Ids;
  /** The bounds of this request's anonymous writes; null when the backend sets none. */
  anonymousWrites: AnonymousWrites | null;
}

/** The code of the problem details of a file over its field's largest size (status 413). */
export const FILE_SIZE_CODE = 'file-size';

/** The refusal of a file over `maxBytes` (413, `file-size`). */
export function fileTooLarge(fieldId: string, maxBytes: number): DomainError {
  return new DomainError(413, `The file for '${fieldId}' is larger than ${maxBytes} bytes.`, { code: FILE_SIZE_CODE, fieldId, maxBytes });
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

/** What an upload says besides its file. */
export interface FileUpload {
  formInstanceId: string;
  fieldId: string;
  /** The body's size as its `Content-Length` says, null when it says none. */
  declaredBytes: number | null;
  /** Reads the file of the multipart body, refusing it (413) as soon as the body passes `maxBytes` and its envelope. */
  read(maxBytes: number): Promise<UploadedFile>;
}

/** Room for the multipart envelope around a file (boundaries, part headers). */
export const FILE_MULTIPART_OVERHEAD_BYTES = 16 * 1024;

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
  if (caller.userId === null) await ports.anonymousWrites?.write(instance.formSchemaId);
  const { name, bytes } = await upload.read(maxBytes);
  if (bytes.byteLength > maxBytes) throw fileTooLarge(field.id, maxBytes);
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
  };
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
  /** The use cases' ports; `bodyBytes` is the upload's size as declared (what anonymous bounds count), null for a read. */
  ports(bodyBytes: number | null): Promise<FormFilesPorts>;
  /** The caller: a signed-in user, or a visitor whose presented link token must be live (401). */
  caller(): Promise<FormsCaller>;
  /** Reads the request's body as bytes, refusing it with `tooLarge` as soon as it passes `maxBytes`. */
  readBody(maxBytes: number, tooLarge: () => DomainError): Promise<Uint8Array>;
}

/** The upload and the staff download of file upload answers. */
export const FORM_FILE_ROUTES: readonly ServiceRoute<FormFilesRouteBackend>[] = [
  {
    method: 'POST',
    path: '/api/FormFiles/Upload',
    summary: 'Stores a file for a file upload field of an instance (multipart, field File); answers its reference.',
    async handle(request, backend) {
      const length = Number(request.header('content-length') ?? 'NaN');
      const declaredBytes = Number.isFinite(length) && length >= 0 ? length : null;
      const fieldId = request.query.required('fieldId');
      const reference = await uploadFormFile(
        await backend.ports(declaredBytes),
        {
          formInstanceId: request.query.required('formInstanceId').trim(),
          fieldId,
          declaredBytes,
          read: async (maxBytes) => fileFromMultipart(await backend.readBody(maxBytes + FILE_MULTIPART_OVERHEAD_BYTES, () => fileTooLarge(fieldId, maxBytes)), request.contentType),
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
      const { file, bytes } = await downloadFormFile(await backend.ports(null), request.query.required('fileId').trim());
      return { status: 200, file: { bytes, contentType: file.type, fileName: file.name } };
    },
  },
];
