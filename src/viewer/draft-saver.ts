/**
 * The autosave of one form instance, React-free: every change is kept in the browser at once and sent to the server
 * after a pause in typing (status InProgress); a failed save keeps everything, says why, and retries with exponential
 * backoff while the cause may pass (network, 5xx, 408, 429); a stale version (412) stops and waits for the user;
 * submit sends status Submitted. One save is in flight at a time; changes made meanwhile go in the next one.
 */
import { isApiError, isNetworkError } from '../api/errors';
import { FormInstanceStatus } from '../api/enums';
import { etagOfRow } from '../api/odata';
import type { FormInstance, JsonObject } from '../api/types';
import type { FormInstanceSave, FormInstanceSaved } from '../query/forms-viewer';
import { clearDraft, clearResume, writeDraft, writeResume } from './draft-storage';

/** Where the autosave stands. */
export type SaveStatus =
  /** Nothing typed since loading. */
  | 'idle'
  /** Changes wait for the pause in typing. */
  | 'pending'
  | 'saving'
  /** The server has everything typed. */
  | 'saved'
  /** The last save failed; another attempt is scheduled at `retryAt`. */
  | 'retrying'
  /** The last save failed for a reason a retry will not fix by itself (e.g. an expired link); 'Retry now' only. */
  | 'failed'
  /** The instance changed elsewhere (412): nothing is sent until the user decides. */
  | 'stale'
  | 'submitting'
  | 'submitted';

/** The autosave's state, a new object on every change. */
export interface SaverState {
  readonly status: SaveStatus;
  /** The error of the last failed save or submit. */
  readonly error: unknown;
  /** What failed: a draft save or the submit. */
  readonly failedAction: 'save' | 'submit' | null;
  /** When the next automatic attempt starts (ms since the epoch), while `retrying`. */
  readonly retryAt: number | null;
  /** Failed attempts in a row. */
  readonly attempts: number;
  /** The instance's id once it exists. */
  readonly formInstanceId: string | null;
  /** The instance as last saved. */
  readonly saved: FormInstance | null;
}

/** Backoff of the automatic retries: `baseMs`, doubling per failure, at most `maxMs`. */
export interface SaveBackoff {
  baseMs: number;
  maxMs: number;
}

/** Options of {@link createDraftSaver}. */
export interface DraftSaverOptions {
  formSchemaId: string;
  formId: string;
  /** The instance being edited, or null to create one on the first save. */
  formInstanceId: string | null;
  /** The version (ETag) of the instance as it was read: the first save is checked against it. */
  version?: string | null;
  /** The link token to send as the bearer. */
  linkToken: string | null;
  /** Sends one save (see `saveFormInstance`). */
  send: (save: Omit<FormInstanceSave, 'formSchemaId' | 'formId'>) => Promise<FormInstanceSaved>;
  /** Pause in typing before a save. @default 800 */
  debounceMs?: number;
  /** @default { baseMs: 1000, maxMs: 30000 } */
  backoff?: SaveBackoff;
  onSaved?: (instance: FormInstance) => void;
  onCreated?: (instance: FormInstance, linkToken: string | null) => void;
  onSubmitted?: (instance: FormInstance) => void;
}

/** The autosave of one instance. */
export interface DraftSaver {
  getState(): SaverState;
  subscribe(listener: () => void): () => void;
  /** The answers changed: keep them in the browser now, save them after the pause. */
  change(data: JsonObject): void;
  /** Sends the latest answers now (the 'Retry now' button). */
  retryNow(): void;
  /** After a 412: saves the latest answers over the other changes (without the stale version). */
  overwrite(): void;
  /**
   * After a 412: the caller loaded the saved version (`data`, as the form now holds it; `instance` as read, with its
   * `@odata.etag`, which the next save is checked against); forget the local answers.
   */
  resetTo(instance: FormInstance, data: JsonObject): void;
  /** Saves with status Submitted; resolves the submitted instance, or null when it failed (the state says why). */
  submit(data: JsonObject): Promise<FormInstance | null>;
  /** Whether something typed is not on the server yet. */
  hasUnsavedChanges(): boolean;
  /** (Re)starts it after {@link DraftSaver.dispose} (a component mounted again, e.g. under StrictMode). */
  start(): void;
  /** Stops the timers (the browser copy stays). */
  dispose(): void;
}

/** Whether a failed save may pass by itself, so an automatic retry makes sense. */
export function isTransientSaveError(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  return isApiError(error) && (error.status >= 500 || error.status === 408 || error.status === 429);
}

/** Whether a failed save is a stale version (412). */
export function isStaleSaveError(error: unknown): boolean {
  return isApiError(error) && error.status === 412;
}

/** Creates the autosave of one instance. */
export function createDraftSaver(options: DraftSaverOptions): DraftSaver {
  const { formSchemaId } = options;
  const debounceMs = options.debounceMs ?? 800;
  const backoff = options.backoff ?? { baseMs: 1000, maxMs: 30_000 };
  let state: SaverState = {
    status: 'idle',
    error: null,
    failedAction: null,
    retryAt: null,
    attempts: 0,
    formInstanceId: options.formInstanceId,
    saved: null,
  };
  const listeners = new Set<() => void>();
  let latest: JsonObject | null = null;
  /** The answers the server has (by identity): equal to `latest` means nothing is unsaved. */
  let onServer: JsonObject | null = null;
  let version: string | null = options.version ?? null;
  let linkToken = options.linkToken;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;
  let disposed = false;

  const set = (patch: Partial<SaverState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const schedule = (ms: number) => {
    clearTimer();
    if (!disposed) timer = setTimeout(() => void run(), ms);
  };
  const keep = (data: JsonObject) => writeDraft(formSchemaId, state.formInstanceId, data, new Date());

  const send = (data: JsonObject, status: FormInstanceStatus) =>
    options.send({ formInstanceId: state.formInstanceId, data, status, version, linkToken });

  /** Takes a successful answer in: the id, version and token, and the browser copy once it is outdated. */
  const accept = (result: FormInstanceSaved, sent: JsonObject) => {
    const created = state.formInstanceId === null;
    version = result.version ?? version;
    if (result.linkToken) linkToken = result.linkToken;
    onServer = sent;
    const id = result.instance.formInstanceId;
    if (created) {
      writeResume(formSchemaId, { formInstanceId: id, linkToken });
      clearDraft(formSchemaId, null);
    }
    set({ formInstanceId: id, saved: result.instance });
    if (created) options.onCreated?.(result.instance, result.linkToken);
    if (latest === sent) clearDraft(formSchemaId, id);
    // Typed while saving: the browser copy moves to the (possibly new) instance key.
    else if (latest) keep(latest);
  };

  const fail = (error: unknown, action: 'save' | 'submit') => {
    if (isStaleSaveError(error)) {
      set({ status: 'stale', error, failedAction: action, retryAt: null });
    } else if (action === 'save' && isTransientSaveError(error)) {
      const attempts = state.attempts + 1;
      const delay = Math.min(backoff.maxMs, backoff.baseMs * 2 ** (attempts - 1));
      set({ status: 'retrying', error, failedAction: action, attempts, retryAt: Date.now() + delay });
      schedule(delay);
    } else {
      set({ status: 'failed', error, failedAction: action, attempts: state.attempts + 1, retryAt: null });
    }
  };

  async function run(): Promise<void> {
    clearTimer();
    if (disposed || !latest || state.status === 'submitted' || state.status === 'submitting') return;
    if (inFlight) {
      // The one in flight sends an older copy; this run happens when it ends.
      await inFlight;
      return run();
    }
    if (latest === onServer) {
      set({ status: 'saved', error: null, failedAction: null, retryAt: null, attempts: 0 });
      return;
    }
    const sent = latest;
    set({ status: 'saving', retryAt: null });
    inFlight = (async () => {
      try {
        const result = await send(sent, FormInstanceStatus.InProgress);
        if (disposed) return;
        accept(result, sent);
        options.onSaved?.(result.instance);
        if (latest === sent) set({ status: 'saved', error: null, failedAction: null, attempts: 0 });
        else {
          set({ status: 'pending', error: null, failedAction: null, attempts: 0 });
          schedule(debounceMs);
        }
      } catch (error) {
        if (!disposed) fail(error, 'save');
      }
    })();
    try {
      await inFlight;
    } finally {
      inFlight = null;
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    change(data) {
      latest = data;
      keep(data);
      switch (state.status) {
        case 'submitted':
        case 'submitting':
        case 'stale':
        case 'retrying':
        case 'failed':
          // Kept in the browser; the scheduled retry, or the user's choice, sends the latest answers.
          return;
        case 'saving':
          // The save in flight ends by scheduling the next one.
          return;
        default:
          set({ status: 'pending' });
          schedule(debounceMs);
      }
    },
    retryNow() {
      if (state.failedAction === 'submit' && state.status === 'failed') set({ status: 'pending', failedAction: null });
      void run();
    },
    overwrite() {
      if (state.status !== 'stale') return;
      version = null;
      set({ status: 'pending', error: null, failedAction: null, attempts: 0 });
      void run();
    },
    resetTo(instance, data) {
      clearTimer();
      clearDraft(formSchemaId, state.formInstanceId);
      latest = data;
      onServer = data;
      version = etagOfRow(instance);
      set({ status: 'saved', error: null, failedAction: null, retryAt: null, attempts: 0, saved: instance });
    },
    async submit(data) {
      clearTimer();
      latest = data;
      keep(data);
      if (inFlight) await inFlight.catch(() => undefined);
      clearTimer();
      set({ status: 'submitting', error: null, failedAction: null, retryAt: null });
      try {
        const result = await send(data, FormInstanceStatus.Submitted);
        accept(result, data);
        clearDraft(formSchemaId, result.instance.formInstanceId);
        clearResume(formSchemaId);
        set({ status: 'submitted', attempts: 0 });
        options.onSubmitted?.(result.instance);
        return result.instance;
      } catch (error) {
        set({ status: 'pending' });
        fail(error, 'submit');
        return null;
      }
    },
    hasUnsavedChanges: () => latest !== null && latest !== onServer && state.status !== 'submitted',
    start() {
      disposed = false;
      if (state.status === 'pending' || state.status === 'retrying') schedule(state.retryAt ? Math.max(0, state.retryAt - Date.now()) : debounceMs);
    },
    dispose() {
      disposed = true;
      clearTimer();
    },
  };
}
