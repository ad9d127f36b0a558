/**
 * What this browser holds of a public form started earlier, and what the viewer tells a returning visitor about it
 * before it continues: on a shared device the next person opening the same public URL must not find the previous
 * person's answers filled in. React-free.
 */
import type { FormLayout, JsonObject } from '../api/types';
import { getAt } from '../contract/json-pointer';
import { layoutFieldEntries, repeatBasePath } from '../engine/layout-walk';
import { clearDraft, clearResume, readDraft, readResume, type StoredDraft } from './draft-storage';

/** A form started on this device for a schema (the public URL without an instance): its instance and unsaved answers. */
export interface StoredProgress {
  /** The instance this browser started, or null when nothing was saved to the server yet. */
  formInstanceId: string | null;
  /** The edit link token handed out with that instance. */
  linkToken: string | null;
  /** Answers typed and not yet saved (of that instance, or of a form never saved). */
  draft: StoredDraft | null;
  /** When this browser last kept something of it (ISO 8601). */
  updatedAt: string | null;
}

/** What this browser holds of a form started for `formSchemaId`, or null (expired entries are gone). */
export function readStoredProgress(formSchemaId: string): StoredProgress | null {
  const resume = readResume(formSchemaId);
  const draft = readDraft(formSchemaId, resume?.formInstanceId ?? null) ?? (resume ? null : readDraft(formSchemaId, null));
  if (!resume && !draft) return null;
  return {
    formInstanceId: resume?.formInstanceId ?? null,
    linkToken: resume?.linkToken ?? null,
    draft,
    updatedAt: draft?.updatedAt ?? resume?.savedAt ?? null,
  };
}

/** 'Start again': removes from this browser everything of the form started for `formSchemaId`. */
export function forgetStoredProgress(formSchemaId: string, progress: StoredProgress | null): void {
  clearResume(formSchemaId);
  clearDraft(formSchemaId, null);
  if (progress?.formInstanceId) clearDraft(formSchemaId, progress.formInstanceId);
}

const answered = (value: unknown): boolean =>
  value !== undefined &&
  value !== null &&
  value !== false &&
  !(typeof value === 'string' && value.trim() === '') &&
  !(Array.isArray(value) && value.length === 0);

/**
 * The labels of the questions `data` answers, in the layout's order, each once: what a returning visitor recognises
 * their form by, without the answers themselves being shown to whoever opens the page next.
 */
export function answeredFieldLabels(layout: FormLayout, data: JsonObject): string[] {
  const labels: string[] = [];
  // Sections inside sections too; a field inside a repeatable section (or a plain section within one) is answered in
  // any of its items.
  for (const entry of layoutFieldEntries(layout)) {
    const { field } = entry;
    if (labels.includes(field.label)) continue;
    const base = repeatBasePath(entry);
    const items = base !== '' ? getAt(data, base) : [data];
    if (!Array.isArray(items)) continue;
    if (items.some((item) => answered(getAt(item, field.path)))) labels.push(field.label);
  }
  return labels;
}
