/**
 * The viewer's upload of a file chosen in a file upload question, loaded on demand (the first time a visitor attaches
 * a file): a form without a file upload question does not carry it.
 */
import type { Transport } from '../api/transport';
import type { JsonObject } from '../contract/types';
import type { FileReference } from '../engine/files';
import type { DraftSaver } from './draft-saver';

/** What the upload needs of the viewer's edit session. */
export interface InstanceFileUpload {
  /** The autosave of the instance: a new instance is saved first, so the file has an instance to belong to. */
  saver: DraftSaver;
  /** The answers as the form holds them now. */
  data: JsonObject;
  /** The API client the viewer reads and saves with. */
  client: Pick<Transport, 'request'>;
  /** The edit link's token (the instance's, or the one its first save answered), sent as the bearer. */
  token: () => string | null;
}

/**
 * Stores `file` for the question `fieldId` of the session's instance through `POST /api/FormFiles/Upload` and
 * resolves the reference its answer keeps; rejects when the instance cannot be saved or the upload is refused (the
 * error's `status`: 413 too large, 415 wrong type), or with the abort's reason once `signal` is aborted (the person
 * cancelled: the request is stopped).
 */
export async function uploadInstanceFile({ saver, data, client, token }: InstanceFileUpload, file: File, fieldId: string, signal?: AbortSignal): Promise<FileReference> {
  saver.change(data);
  const formInstanceId = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const { formInstanceId: id, status, error } = saver.getState();
      if (id !== null) resolve(id);
      else if (status === 'failed' || status === 'stale') reject(error);
      else return false;
      unsubscribe();
      return true;
    };
    const unsubscribe = saver.subscribe(() => void check());
    check();
  });
  signal?.throwIfAborted();
  const formData = new FormData();
  formData.append('File', file, file.name);
  const bearer = token();
  const stored = await client.request<FileReference>({
    method: 'POST',
    path: '/api/FormFiles/Upload',
    query: { formInstanceId, fieldId },
    formData,
    ...(signal ? { signal } : {}),
    ...(bearer ? { headers: { Authorization: `Bearer ${bearer}` } } : {}),
  });
  if (!stored) throw new Error('The upload answered no file.');
  return stored;
}
