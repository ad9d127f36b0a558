/**
 * What the viewer keeps in the browser so that nothing typed is lost: the unsaved answers of one form instance (until
 * the server has them), and which instance this browser started for a schema (until it is submitted), so a reload
 * of the same link continues it. Storage may be missing, full or forbidden (private modes): every access is guarded,
 * and the viewer then works without it.
 *
 * A shared device must not hand one visitor's answers to the next: nothing stored outlives
 * {@link STORED_PROGRESS_LIFETIME_MS} (the life of the edit link handed out with a new instance, after which the
 * instance cannot be reached anyway), expired entries of every form are removed whenever a viewer starts, and the viewer
 * asks before it continues what this device holds (see `stored-progress.ts`).
 */
import type { JsonObject } from '../api/types';
import { LINK_TOKEN_LIFETIME_MS } from '../domain/forms/links';

/** How long the browser keeps unsaved answers and the instance it started: the edit link's lifetime, 24 hours. */
export const STORED_PROGRESS_LIFETIME_MS = LINK_TOKEN_LIFETIME_MS;

const PREFIX = 'ccq-forms-admin';

/** Unsaved answers of one instance. */
export interface StoredDraft {
  data: JsonObject;
  /** When the answers were typed (ISO 8601). */
  updatedAt: string;
}

/** The instance this browser started for a schema and has not submitted yet. */
export interface StoredResume {
  formInstanceId: string;
  /** The link token the server handed out with the new instance, if any. */
  linkToken: string | null;
  /** When this browser started the instance (ISO 8601); it is forgotten {@link STORED_PROGRESS_LIFETIME_MS} later. */
  savedAt?: string;
}

/** The storage key of the unsaved answers of an instance (`'new'` before it exists). */
export function draftKey(formSchemaId: string, formInstanceId: string | null): string {
  return `${PREFIX}:form-draft:${formSchemaId}:${formInstanceId ?? 'new'}`;
}

/** The storage key of the instance this browser started for a schema. */
export function resumeKey(formSchemaId: string): string {
  return `${PREFIX}:form-resume:${formSchemaId}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Access itself can throw (e.g. storage disabled for the site).
    return null;
  }
}

function read(key: string): unknown {
  try {
    const text = storage()?.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): boolean {
  try {
    const store = storage();
    if (!store) return false;
    store.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    // Quota exceeded or forbidden: the answers still live in the page.
    return false;
  }
}

function remove(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to do: the next write replaces it.
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether something stored at `isoTime` has outlived {@link STORED_PROGRESS_LIFETIME_MS} (an unreadable time has). */
function expired(isoTime: unknown, now: number): boolean {
  const time = typeof isoTime === 'string' ? Date.parse(isoTime) : Number.NaN;
  return Number.isNaN(time) || now - time > STORED_PROGRESS_LIFETIME_MS;
}

/** The unsaved answers of an instance, or null (also once they expired: then they are removed). */
export function readDraft(formSchemaId: string, formInstanceId: string | null): StoredDraft | null {
  const key = draftKey(formSchemaId, formInstanceId);
  const value = read(key);
  if (!isObject(value) || !isObject(value.data) || typeof value.updatedAt !== 'string') return null;
  if (expired(value.updatedAt, Date.now())) {
    remove(key);
    return null;
  }
  return { data: value.data as JsonObject, updatedAt: value.updatedAt };
}

/** Keeps the answers of an instance; false when the browser refused. */
export function writeDraft(formSchemaId: string, formInstanceId: string | null, data: JsonObject, now: Date): boolean {
  return write(draftKey(formSchemaId, formInstanceId), { data, updatedAt: now.toISOString() } satisfies StoredDraft);
}

/** Forgets the unsaved answers of an instance (once the server has them). */
export function clearDraft(formSchemaId: string, formInstanceId: string | null): void {
  remove(draftKey(formSchemaId, formInstanceId));
}

/** The instance this browser started for a schema, or null (also once it expired: then it is removed). */
export function readResume(formSchemaId: string): StoredResume | null {
  const key = resumeKey(formSchemaId);
  const value = read(key);
  if (!isObject(value) || typeof value.formInstanceId !== 'string') return null;
  if (expired(value.savedAt, Date.now())) {
    remove(key);
    return null;
  }
  return {
    formInstanceId: value.formInstanceId,
    linkToken: typeof value.linkToken === 'string' ? value.linkToken : null,
    savedAt: value.savedAt as string,
  };
}

/** Remembers the instance this browser started for a schema (from now: it expires with its edit link). */
export function writeResume(formSchemaId: string, resume: StoredResume): void {
  write(resumeKey(formSchemaId), { ...resume, savedAt: resume.savedAt ?? new Date().toISOString() });
}

/**
 * Removes every expired draft and started instance of every form from this browser (run when a viewer starts), so
 * nothing stays on a shared device longer than {@link STORED_PROGRESS_LIFETIME_MS} just because that form was not
 * opened again.
 */
export function removeExpiredProgress(now: number = Date.now()): void {
  try {
    const store = storage();
    if (!store) return;
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(`${PREFIX}:form-draft:`) || key?.startsWith(`${PREFIX}:form-resume:`)) keys.push(key);
    }
    for (const key of keys) {
      const value = read(key);
      const time = isObject(value) ? (key.includes(':form-draft:') ? value.updatedAt : value.savedAt) : undefined;
      if (expired(time, now)) remove(key);
    }
  } catch {
    // Storage unreadable: nothing is kept there either.
  }
}

/** Forgets the instance this browser started for a schema (submitted, or gone). */
export function clearResume(formSchemaId: string): void {
  remove(resumeKey(formSchemaId));
}
