/**
 * What a stored PDF template may hold, the rule the reference server applies at import, before filling and before
 * sealing (and the test fake states for the files it makes): no action that runs or launches anything, and no value
 * in a field (a template holds no answers, so an unanswered field is empty in every document written from it).
 *
 * Actions kept: `GoTo` (a jump inside the document), `URI` to an `http:` or `https:` address, and `Named` page
 * navigation (`NextPage`, `PrevPage`, `FirstPage`, `LastPage`). Every other action is removed wherever it is: the
 * document's `/OpenAction` and `/AA`, its `/Names` `/JavaScript` and `/EmbeddedFiles`, each page's `/AA`, each
 * annotation's and field's `/A` and `/AA`, each bookmark's `/A`, and an action whose `/Next` chain holds one. File
 * attachment and media annotations are removed from their page, and the AcroForm's `/XFA` (XFA data and its scripts,
 * which XFA viewers would show instead of the filled fields) is removed.
 *
 * The walk works on any PDF object model shaped like {@link PdfDictView} (the server's @libpdf/core objects are), so
 * the rule is written once and runs wherever the document is loaded (the parse worker, the filler, the sealer).
 */
import type { PdfActionKind, PdfActionPlace, PdfRemovedAction } from '../../contract/types';

/** Any PDF object, told apart by `type` (`dict`, `stream`, `array`, `name`, `string`, `ref`, `number`…). */
export interface PdfObjectView {
  readonly type: string;
}

/** A PDF name (`/JavaScript`). */
export interface PdfNameView extends PdfObjectView {
  readonly value: string;
}

/** A PDF string. */
export interface PdfStringView extends PdfObjectView {
  asString(): string;
}

/** A PDF array. */
export interface PdfArrayView extends PdfObjectView {
  readonly length: number;
  at(index: number): PdfObjectView | undefined;
  remove(index: number): void;
}

/** A PDF dictionary (or a stream's dictionary). */
export interface PdfDictView extends PdfObjectView {
  get(key: string): PdfObjectView | undefined;
  has(key: string): boolean;
  delete(key: string): boolean;
  keys(): Iterable<{ readonly value: string }>;
}

/** The parts of a loaded document the rule walks, and how indirect references are resolved. */
export interface PdfDocumentView {
  catalog: PdfDictView;
  /** The pages in order. */
  pages: readonly PdfDictView[];
  /** The object a reference points to (other objects as they are). */
  resolve(object: PdfObjectView | undefined): PdfObjectView | undefined;
}

/** Names of page navigation a `Named` action may keep. */
const SAFE_NAMED = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage']);
/** Annotation subtypes removed with their page entry: they hold files or play media. */
const REMOVED_ANNOTATIONS: Readonly<Record<string, PdfActionKind>> = {
  FileAttachment: 'embedded-file',
  Sound: 'media',
  Movie: 'media',
  Screen: 'media',
  RichMedia: 'media',
};
/** Longest `/Next` chain, field tree or bookmark list walked (a hostile file can loop or nest without end). */
const MAX_WALK = 100_000;

const isDict = (o: PdfObjectView | undefined): o is PdfDictView => (o?.type === 'dict' || o?.type === 'stream') && 'get' in o;
const isArray = (o: PdfObjectView | undefined): o is PdfArrayView => o?.type === 'array' && 'at' in o;
const nameOf = (o: PdfObjectView | undefined): string | undefined => (o?.type === 'name' && 'value' in o ? String((o as PdfNameView).value) : undefined);
const textOf = (o: PdfObjectView | undefined): string | undefined =>
  o?.type === 'string' && 'asString' in o ? (o as PdfStringView).asString() : undefined;

/** Whether a link's address may stay: `http:` and `https:` only (no `javascript:`, `file:`, `data:`, `mailto:`…). */
export function isSafeUri(uri: string): boolean {
  return /^https?:\/\//i.test(uri.trim());
}

/**
 * What one action (not its `/Next` chain) would do, or null for an action that may stay (see the module comment).
 * An action holding `/JS` is a script whatever its `/S` says.
 */
export function dangerousActionKind(action: PdfDictView, doc: Pick<PdfDocumentView, 'resolve'>): PdfActionKind | null {
  if (action.has('JS')) return 'javascript';
  const s = nameOf(doc.resolve(action.get('S')));
  switch (s) {
    case 'GoTo':
      return null;
    case 'URI': {
      const uri = textOf(doc.resolve(action.get('URI')));
      return uri !== undefined && isSafeUri(uri) ? null : 'uri';
    }
    case 'Named':
      return SAFE_NAMED.has(nameOf(doc.resolve(action.get('N'))) ?? '') ? null : 'other';
    case 'JavaScript':
      return 'javascript';
    case 'Launch':
      return 'launch';
    case 'SubmitForm':
      return 'submit-form';
    case 'ImportData':
      return 'import-data';
    case 'GoToR':
    case 'GoToE':
      return 'remote-goto';
    case 'Sound':
    case 'Movie':
    case 'Rendition':
    case 'RichMediaExecute':
      return 'media';
    default:
      return 'other';
  }
}

/** The first dangerous kind in an action and its `/Next` chain (a dictionary or an array of actions), or null. */
function chainKind(action: PdfObjectView | undefined, doc: PdfDocumentView, seen: Set<PdfObjectView>): PdfActionKind | null {
  const resolved = doc.resolve(action);
  if (resolved === undefined || seen.has(resolved) || seen.size > MAX_WALK) return null;
  seen.add(resolved);
  if (isArray(resolved)) {
    // An /OpenAction may be a destination array (a page and a view): that is a jump, not an action.
    if (resolved.length > 0 && !isDict(doc.resolve(resolved.at(0)))) return null;
    for (let i = 0; i < resolved.length; i++) {
      const kind = chainKind(resolved.at(i), doc, seen);
      if (kind) return kind;
    }
    return null;
  }
  if (!isDict(resolved)) return null;
  return dangerousActionKind(resolved, doc) ?? chainKind(resolved.get('Next'), doc, seen);
}

/** Collects what {@link sanitizePdfDocument} removed, counting repeats of one kind in one place. */
class Removals {
  readonly list: PdfRemovedAction[] = [];
  add(kind: PdfActionKind, place: PdfActionPlace, where: { page?: number; field?: string } = {}): void {
    const same = this.list.find((r) => r.kind === kind && r.place === place && r.page === where.page && r.field === where.field);
    if (same) {
      same.count++;
      return;
    }
    const entry: PdfRemovedAction = { kind, place, count: 1 };
    if (where.page !== undefined) entry.page = where.page;
    if (where.field !== undefined) entry.field = where.field;
    this.list.push(entry);
  }
}

/** The fully qualified name of a field (or widget) dictionary: its and its parents' `/T`, joined by dots. */
export function fieldNameOf(dict: PdfDictView, doc: Pick<PdfDocumentView, 'resolve'>): string | undefined {
  const parts: string[] = [];
  let node: PdfObjectView | undefined = dict;
  for (let depth = 0; isDict(node) && depth < 64; depth++) {
    const t = textOf(doc.resolve(node.get('T')));
    if (t !== undefined && t !== '') parts.unshift(t);
    node = doc.resolve(node.get('Parent'));
  }
  return parts.length > 0 ? parts.join('.') : undefined;
}

/**
 * Removes every action that runs or launches anything from `doc` (see the module comment), in place, and answers
 * what was removed, one entry per kind and place. Answers an empty list for a document that holds none, so calling
 * it again (before filling, before sealing) finds nothing in a template cleaned at import.
 */
export function sanitizePdfDocument(doc: PdfDocumentView): PdfRemovedAction[] {
  const removals = new Removals();
  const seenDicts = new Set<PdfObjectView>();

  /** Removes the action at `key` of `holder` when it or its chain is dangerous. */
  const checkAction = (holder: PdfDictView, key: string, place: PdfActionPlace, where: { page?: number; field?: string }) => {
    if (!holder.has(key)) return;
    const kind = chainKind(holder.get(key), doc, new Set());
    if (kind) {
      holder.delete(key);
      removals.add(kind, place, where);
    }
  };
  /** Checks each trigger of an additional-actions dictionary, removing it when nothing is left. */
  const checkAdditional = (holder: PdfDictView, place: PdfActionPlace, where: { page?: number; field?: string }) => {
    const aa = doc.resolve(holder.get('AA'));
    if (!holder.has('AA')) return;
    if (!isDict(aa)) {
      holder.delete('AA');
      return;
    }
    for (const key of [...aa.keys()].map((k) => k.value)) checkAction(aa, key, place, where);
    if ([...aa.keys()].length === 0) holder.delete('AA');
  };
  /** A field's, widget's or annotation's own actions. */
  const checkAnnotationOrField = (dict: PdfDictView, page: number | undefined) => {
    if (seenDicts.has(dict)) return;
    seenDicts.add(dict);
    // A widget or field names its field (its own or its parent's /T); any other annotation is told by its page.
    const field = fieldNameOf(dict, doc);
    const place: PdfActionPlace = field !== undefined ? 'field' : 'annotation';
    const where = field !== undefined ? { field } : page !== undefined ? { page } : {};
    checkAction(dict, 'A', place, where);
    checkAdditional(dict, place, where);
  };

  const { catalog } = doc;
  checkAction(catalog, 'OpenAction', 'document', {});
  checkAdditional(catalog, 'document', {});

  const names = doc.resolve(catalog.get('Names'));
  if (isDict(names)) {
    for (const [key, kind] of [['JavaScript', 'javascript'], ['EmbeddedFiles', 'embedded-file']] as const) {
      if (names.has(key)) {
        names.delete(key);
        removals.add(kind, 'document');
      }
    }
  }

  const acroForm = doc.resolve(catalog.get('AcroForm'));
  if (isDict(acroForm)) {
    if (acroForm.has('XFA')) {
      acroForm.delete('XFA');
      removals.add('xfa', 'document');
    }
    // Every node of the field tree: fields, their kids and widgets.
    const stack: PdfObjectView[] = [];
    const fields = doc.resolve(acroForm.get('Fields'));
    if (isArray(fields)) for (let i = 0; i < fields.length; i++) stack.push(fields.at(i) as PdfObjectView);
    let steps = 0;
    while (stack.length > 0 && steps++ < MAX_WALK) {
      const node = doc.resolve(stack.pop());
      if (!isDict(node) || seenDicts.has(node)) continue;
      checkAnnotationOrField(node, undefined);
      const kids = doc.resolve(node.get('Kids'));
      if (isArray(kids)) for (let i = 0; i < kids.length; i++) stack.push(kids.at(i) as PdfObjectView);
    }
  }
  if (catalog.has('NeedsRendering')) catalog.delete('NeedsRendering');

  doc.pages.forEach((page, index) => {
    const where = { page: index + 1 };
    checkAdditional(page, 'page', where);
    const annots = doc.resolve(page.get('Annots'));
    if (!isArray(annots)) return;
    for (let i = annots.length - 1; i >= 0; i--) {
      const annot = doc.resolve(annots.at(i));
      if (!isDict(annot)) continue;
      const removedAs = REMOVED_ANNOTATIONS[nameOf(doc.resolve(annot.get('Subtype'))) ?? ''];
      if (removedAs) {
        annots.remove(i);
        removals.add(removedAs, 'annotation', where);
        continue;
      }
      checkAnnotationOrField(annot, index + 1);
    }
  });

  // Bookmarks: the outline tree's items, each with /First (children) and /Next (siblings).
  const outlines = doc.resolve(catalog.get('Outlines'));
  if (isDict(outlines)) {
    const stack: PdfObjectView[] = [outlines.get('First') as PdfObjectView];
    const seen = new Set<PdfObjectView>();
    while (stack.length > 0 && seen.size < MAX_WALK) {
      const item = doc.resolve(stack.pop());
      if (!isDict(item) || seen.has(item)) continue;
      seen.add(item);
      checkAction(item, 'A', 'bookmark', {});
      if (item.has('Next')) stack.push(item.get('Next') as PdfObjectView);
      if (item.has('First')) stack.push(item.get('First') as PdfObjectView);
    }
  }
  return removals.list;
}

/**
 * Whether a field's value (as a PDF reader answers it: text, a state name, an option, a list of options) is a value
 * and not the absence of one: not empty, not `Off`, not an empty list.
 */
export function isTemplateValue(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === 'string') return value !== '' && value !== 'Off';
  if (Array.isArray(value)) return value.some((v) => isTemplateValue(v));
  return true;
}
