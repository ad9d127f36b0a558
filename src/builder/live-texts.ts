/**
 * The builder's document as it is now, for the canvas items that show its texts. The canvas draws a document compiled
 * for its engine (tens of ms at 300 fields); a key typed in a field's label, help text or placeholder changes only what
 * that one field shows. Each canvas field reads its own texts from this store (a selector on its id), so a key
 * re-renders that one item at once, and the canvas takes the whole document (and compiles it) once the typing pauses.
 */
import { createContext, startTransition, useContext, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { FormField, FormSection } from '../api/types';
import { childSections, layoutSectionEntries } from '../engine/layout-walk';
import type { BuilderDocument } from './model';

/** The texts of a field that only show (nothing the engine reads): what the store carries past the canvas's document. */
const FIELD_TEXTS = ['label', 'helpText', 'placeholder'] as const satisfies readonly (keyof FormField)[];
const FIELD_TEXT_KEYS: ReadonlySet<string> = new Set(FIELD_TEXTS);

/** A field's texts as `shown` has them, from `live` (the same object when they are the same). */
export function withTexts(shown: FormField, live: FormField | undefined): FormField {
  if (!live || live === shown || FIELD_TEXTS.every((k) => live[k] === shown[k])) return shown;
  const next: FormField = { ...shown };
  for (const k of FIELD_TEXTS) {
    if (live[k] === undefined) delete next[k];
    else next[k] = live[k];
  }
  return next;
}

/** Whether two fields differ in their display texts at most (every other key the same value, by identity); with `only`, only that field may differ. */
function fieldTextsOnly(a: FormField, b: FormField, only?: string): boolean {
  if (a === b) return true;
  if (only !== undefined && (a.id !== only || b.id !== only)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (!FIELD_TEXT_KEYS.has(k) && (a as unknown as Record<string, unknown>)[k] !== (b as unknown as Record<string, unknown>)[k]) return false;
  return true;
}

function sectionTextsOnly(a: FormSection, b: FormSection, only?: string): boolean {
  if (a === b) return true;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if (k === 'fields' || k === 'sections') continue;
    if ((a as unknown as Record<string, unknown>)[k] !== (b as unknown as Record<string, unknown>)[k]) return false;
  }
  if (a.fields.length !== b.fields.length || !a.fields.every((f, i) => fieldTextsOnly(f, b.fields[i]!, only))) return false;
  const ca = childSections(a);
  const cb = childSections(b);
  return ca.length === cb.length && ca.every((s, i) => sectionTextsOnly(s, cb[i]!, only));
}

/**
 * Whether `b` differs from `a` in its fields' display texts at most (label, help text, placeholder): the same JSON
 * Schema, and the same pages, sections and fields with every other key the same. Compares by identity where the
 * reducer's steps share parts, so it looks at the one page and section an edit went through. With `only` (a field's
 * id), the texts of that field alone may differ.
 */
export function fieldTextsOnlyChanged(a: BuilderDocument, b: BuilderDocument, only?: string): boolean {
  if (a === b) return true;
  if (a.jsonSchema !== b.jsonSchema) return false;
  if (a.layout === b.layout) return true;
  const la = a.layout as unknown as Record<string, unknown>;
  const lb = b.layout as unknown as Record<string, unknown>;
  for (const k of new Set([...Object.keys(la), ...Object.keys(lb)])) if (k !== 'pages' && la[k] !== lb[k]) return false;
  const pa = a.layout.pages;
  const pb = b.layout.pages;
  if (pa.length !== pb.length) return false;
  return pa.every((page, p) => {
    const other = pb[p]!;
    if (page === other) return true;
    const ka = page as unknown as Record<string, unknown>;
    const kb = other as unknown as Record<string, unknown>;
    for (const k of new Set([...Object.keys(ka), ...Object.keys(kb)])) if (k !== 'sections' && ka[k] !== kb[k]) return false;
    return page.sections.length === other.sections.length && page.sections.every((s, i) => sectionTextsOnly(s, other.sections[i]!, only));
  });
}

/** The live document's fields by id, for the canvas's items. */
export interface LiveTexts {
  /** The field with this id in the latest document. */
  field(id: string): FormField | undefined;
  subscribe(listener: () => void): () => void;
  /** Takes the latest document (after each render that changed it) and tells the items. */
  set(doc: BuilderDocument): void;
}

export function createLiveTexts(): LiveTexts {
  const listeners = new Set<() => void>();
  let doc: BuilderDocument | null = null;
  let byId: Map<string, FormField> | null = null;
  return {
    field(id) {
      if (!doc) return undefined;
      if (!byId) {
        byId = new Map();
        for (const { section } of layoutSectionEntries(doc.layout)) for (const f of section.fields) byId.set(f.id, f);
      }
      return byId.get(id);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      if (next === doc) return;
      doc = next;
      byId = null;
      for (const listener of listeners) listener();
    },
  };
}

export const LiveTextsContext = createContext<LiveTexts | null>(null);

const noSubscribe = () => () => {};

/**
 * `field` with the display texts it has in the latest document: a key typed in its label re-renders this item only,
 * before the canvas has the document. Without a store (a canvas on its own), `field` as it is.
 */
export function useLiveField(field: FormField): FormField {
  const store = useContext(LiveTextsContext);
  const live = useSyncExternalStore(
    store ? store.subscribe : noSubscribe,
    () => store?.field(field.id),
    () => undefined,
  );
  return useMemo(() => withTexts(field, live), [field, live]);
}

/** How long the typing pauses before the canvas takes the document whose texts the items already show. */
export const TEXTS_SETTLE_MS = 400;

/**
 * The document the canvas draws: `doc`, except that while `doc` differs from what the canvas has only in fields'
 * display texts (which the items show from the store at once), the canvas keeps its document and takes `doc` once
 * nothing changed for {@link TEXTS_SETTLE_MS} (as a transition). With `follow` (the preview is open and shows every
 * key) it is `doc` as a deferred value. A change of the outline (add, delete, move, undo) is `doc` at once; any other
 * change a deferred value, so a burst compiles once.
 */
export function useCanvasDocument(doc: BuilderDocument, follow: boolean, sameOutline: (a: BuilderDocument, b: BuilderDocument) => boolean, store: LiveTexts): BuilderDocument {
  const held = useRef(doc);
  const [settled, setSettled] = useState(doc);
  // The document last given to the canvas (set after each commit).
  const base = held.current;
  const target = follow || settled === doc || !fieldTextsOnlyChanged(base, doc) ? doc : base;
  const deferred = useDeferredValue(target);
  const shown = sameOutline(deferred, target) ? deferred : target;
  useLayoutEffect(() => {
    held.current = target;
    store.set(doc);
  }, [target, doc, store]);
  useEffect(() => {
    if (target === doc) return;
    const timer = window.setTimeout(() => startTransition(() => setSettled(doc)), TEXTS_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [target, doc]);
  return shown;
}
