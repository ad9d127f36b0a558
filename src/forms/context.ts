import { createContext, use, useCallback, useSyncExternalStore } from 'react';
import type { CompiledSection } from '../engine/compile';
import type { FileReference } from '../engine/files';
import type { ArrayState, FieldHandle, FieldState, FormEngine, FormState } from '../engine/engine';
import type { FormLabels } from './labels';
import type { Progressive } from './progressive';
import type { FormWidgets } from './widgets/form-widget';

/** What every part of a rendered form shares; one stable object per form, so reading it never re-renders. */
export interface FormContextValue {
  engine: FormEngine;
  mode: 'edit' | 'view';
  labels: FormLabels;
  /** Prefix of every DOM id of this form. */
  idPrefix: string;
  disabled: boolean;
  /** Progressive mounting of the full widgets (null: everything mounts at once). */
  progressive: Progressive | null;
  /** The position of each section in layout order (the unit of progressive mounting). */
  sectionIndex: ReadonlyMap<CompiledSection, number>;
  /** The heading level of section titles (one below page titles in a multi-page form). */
  sectionHeadingLevel: 2 | 3 | 4 | 5 | 6;
  /** The widget registry: the built-in widgets with the host's merged over them. */
  widgets: FormWidgets;
}

export const FormContext = createContext<FormContextValue | null>(null);

/**
 * Stores a file chosen in the file upload question `fieldId` and answers the reference its answer keeps. `signal` is
 * aborted when the person cancels the upload: stop sending (pass it to `fetch`). The form lets the file go at once
 * either way, and ignores what an upload answers after it was cancelled.
 */
export type FileUploader = (file: File, fieldId: string, signal: AbortSignal) => Promise<FileReference>;

/** Downloads a stored file of a file upload answer (staff on the instance page). */
export type FileDownloader = (file: FileReference) => void;

/** The host's file downloader of a rendered form in view mode (null: files are listed by name only). */
export const FileDownloadContext = /* @__PURE__ */ createContext<FileDownloader | null>(null);

/** The host's file uploader of a rendered form (null: files cannot be attached here). */
export const FileUploadContext = /* @__PURE__ */ createContext<FileUploader | null>(null);

/** The form's shared context; throws outside a `FormRenderer`. */
export function useFormContext(): FormContextValue {
  const value = use(FormContext);
  if (!value) throw new Error('Form fields must be rendered inside a FormRenderer.');
  return value;
}

/** One field's state: the component re-renders only when this field's value, error or rule result changes. */
export function useFieldState(handle: FieldHandle): FieldState {
  return useSyncExternalStore(handle.subscribe, handle.getState, handle.getState);
}

/** A repeatable section's state (item keys, limits, count error). */
export function useArrayState(engine: FormEngine, path: string): ArrayState {
  const subscribe = useCallback((listener: () => void) => engine.subscribeArray(path, listener), [engine, path]);
  const snapshot = useCallback(() => engine.getArrayState(path), [engine, path]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** A slice of the form-wide state; re-renders only when the slice changes. */
export function useFormStateSlice<T>(engine: FormEngine, select: (state: FormState) => T): T {
  const subscribe = useCallback((listener: () => void) => engine.subscribeForm(listener), [engine]);
  const snapshot = () => select(engine.getFormState());
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The DOM id of a field (per item inside a repeatable section). */
export function fieldDomId(idPrefix: string, fieldId: string, itemIndex: number | null): string {
  const safe = /^[A-Za-z0-9_-]*$/.test(fieldId) ? fieldId : fieldId.replace(/[^A-Za-z0-9_-]/g, '_');
  return itemIndex === null ? `${idPrefix}-${safe}` : `${idPrefix}-${safe}-${itemIndex}`;
}

/** The DOM id of a section (the target of its item-count error). */
export function sectionDomId(idPrefix: string, sectionId: string): string {
  return `${idPrefix}-section-${sectionId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/**
 * The heading level of a section's title: the form's section level for a page's own sections, one more for each
 * section around it that shows a title (so headings never skip a level), h6 at most.
 */
export function sectionHeadingOrder(cs: CompiledSection, topLevel: number): 2 | 3 | 4 | 5 | 6 {
  let level = topLevel;
  for (let parent = cs.parent; parent !== null; parent = parent.parent) if (parent.section.title) level += 1;
  return Math.min(level, 6) as 2 | 3 | 4 | 5 | 6;
}
