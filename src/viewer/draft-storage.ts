/**
 * What the viewer keeps in the browser so that nothing typed is lost: the unsaved answers of one form instance (until
 * the server has them), and which instance this browser started for a schema (until it is submitted), so a reload
 * of the same link continues it. Storage may be missing, full or forbidden (private modes): every access is guarded,
 * and the viewer then works without it.
 */
import type { JsonObject } from '../api/types';

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

/** The unsaved answers of an instance, or null. */
export function readDraft(formSchemaId: string, formInstanceId: string | null): StoredDraft | null {
  const value = read(draftKey(formSchemaId, formInstanceId));
  if (!isObject(value) || !isObject(value.data) || typeof value.updatedAt !== 'string') return null;
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

/** The instance this browser started for a schema, or null. */
export function readResume(formSchemaId: string): StoredResume | null {
  const value = read(resumeKey(formSchemaId));
  if (!isObject(value) || typeof value.formInstanceId !== 'string') return null;
  return { formInstanceId: value.formInstanceId, linkToken: typeof value.linkToken === 'string' ? value.linkToken : null };
}

/** Remembers the instance this browser started for a schema. */
export function writeResume(formSchemaId: string, resume: StoredResume): void {
  write(resumeKey(formSchemaId), resume);
}

/** Forgets the instance this browser started for a schema (submitted, or gone). */
export function clearResume(formSchemaId: string): void {
  remove(resumeKey(formSchemaId));
}
