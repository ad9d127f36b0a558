/**
 * The types of the form engine: what a field, a repeatable section and the form show, the errors, the options, and
 * the engine's public face ({@link FormEngine}). React-free.
 */
import type { FormSchema, JsonObject } from '../contract/types';
import type { CompiledField, CompiledForm } from './compile';
import type { ValidationMessages } from './messages';
import type { WidgetKindRegistry } from './widget-kinds';

/** What a field shows; the same object is returned until something in it changes. */
export interface FieldState {
  /** The value at the field's path (undefined when unanswered). */
  readonly value: unknown;
  /** The message to show, or null: a field's own error shows once it was touched (blurred, or its page checked). */
  readonly error: string | null;
  /** Left by the user, or checked by a page change or a submit. */
  readonly touched: boolean;
  /** Differs from the initial data. */
  readonly dirty: boolean;
  /** Its `visibleWhen` rules hold. Hidden fields are neither validated nor required. */
  readonly visible: boolean;
  /** Required now (schema `required` or `requiredWhen`), and visible. */
  readonly required: boolean;
  /** Not editable (read-only or computed). */
  readonly readOnly: boolean;
}

/** What a repeatable section shows. */
export interface ArrayState {
  /** A stable key per item (for React keys); follows items when they are moved or removed. */
  readonly keys: readonly string[];
  readonly length: number;
  readonly minItems: number;
  readonly maxItems: number | undefined;
  readonly canAdd: boolean;
  readonly canRemove: boolean;
  /** Too few or too many items, once the section was checked. */
  readonly error: string | null;
}

/** One problem, in layout order, for an error summary and for the server's answer. */
export interface FormError {
  /** The subscription key: the field's data path (or the repeatable section's path). */
  readonly key: string;
  /** The data path the message is about. */
  readonly path: string;
  readonly message: string;
  /** The field's label ('' for problems outside the layout). */
  readonly label: string;
  /** The layout field, or null for a repeatable section's item count or data outside the layout. */
  readonly fieldId: string | null;
  readonly sectionId: string | null;
  /** The item's index inside a repeatable section. */
  readonly itemIndex: number | null;
  /** The page the field is on (-1 outside the layout). */
  readonly pageIndex: number;
}

/** Form-wide state (an error summary, a save indicator). */
export interface FormState {
  readonly submitCount: number;
  /** Any value differs from the initial data. */
  readonly dirty: boolean;
  /** Fields and sections showing a problem now. */
  readonly errorCount: number;
  /**
   * The errors listed at the last page check or submit, or null before any. It follows the fields afterwards: a problem
   * fixed leaves the list at once and a changed message is updated, so the list never names what is already right.
   */
  readonly summary: readonly FormError[] | null;
  /** How many page checks and submits made a summary: a new number means a new check (e.g. to move focus to it). */
  readonly checkCount: number;
}

/** The result of checking a whole form. */
export interface FormCheckResult {
  valid: boolean;
  errors: FormError[];
  /** The data with hidden fields' answers removed and computed values recomputed: what to store. */
  data: JsonObject;
}

/** Options of {@link createFormEngine}. */
export interface FormEngineOptions {
  /** The data to start from (copied); default `{}`. */
  data?: JsonObject;
  /** Overrides of the validation messages. */
  messages?: Partial<ValidationMessages>;
  /** Fill unanswered fields with their schema `default` (a new instance). Default false. */
  applyDefaults?: boolean;
  /** A compiled schema to reuse (default: {@link compileFormSchema}). */
  compiled?: CompiledForm;
  /** The widget kinds the layout uses (default the built-in ones; a host's kinds merged by `withWidgetKinds`). */
  widgets?: WidgetKindRegistry;
}

/** Listener of data changes: the new data and the path that changed ('' for a whole replacement). */
export type FormChangeListener = (data: JsonObject, path: string) => void;

/** An error given from outside (e.g. the server's answer), shown until the value changes. */
export interface ExternalError {
  path: string;
  message: string;
}

/** A field's stable functions, for bindings that must not allocate per render (`useSyncExternalStore`). */
export interface FieldHandle {
  readonly key: string;
  subscribe(listener: () => void): () => void;
  getState(): FieldState;
  setValue(value: unknown): void;
  touch(): void;
  /** {@link FormEngine.hold} for this field. */
  hold(problem: string | null): void;
}

/** The public face of the engine. */
export interface FormEngine {
  /** The compiled schema the engine runs (a new one after {@link FormEngine.setSchema}). */
  readonly compiled: CompiledForm;
  readonly messages: ValidationMessages;
  /** The current data (immutable: a new object after every change). */
  getData(): JsonObject;
  getValue(path: string): unknown;
  /** Sets one value; `undefined` removes it. Refuses forbidden path segments. */
  setValue(path: string, value: unknown): void;
  /** Replaces all data; with `asInitial` it also becomes the baseline of `dirty` and clears touched state. */
  setData(data: JsonObject, options?: { asInitial?: boolean }): void;
  /**
   * Runs another schema over the same data (a builder's live preview): the answers, the touched fields and the
   * baseline of `dirty` are kept; fields are rebuilt from the new layout, and every subscriber (form state too) is
   * told. A field whose state the new layout leaves as it was keeps the same state object
   * ({@link FormEngine.getFieldState}), so a subscriber comparing by identity does not render again. The widget kinds
   * stay those the engine was made with. Nothing happens for a schema that compiles to the one running.
   */
  setSchema(schema: FormSchema): void;
  /** Marks a field touched (on blur), so its error shows. */
  touch(key: string): void;
  /**
   * Says (null: no longer) that a field's input holds something its answer does not, such as a file it refused. The
   * problem is the field's error, shown at once, and fails every check and submit (the summary lists it) until the
   * input lets go; the answer is left as it is. A widget holds while it shows the problem and lets go when it
   * unmounts.
   */
  hold(key: string, problem: string | null): void;
  /** The subscription key of a field inside an item (`itemBase` '' outside repeatable sections). */
  keyOf(field: CompiledField, itemBase?: string): string;
  getFieldState(key: string): FieldState;
  subscribe(key: string, listener: () => void): () => void;
  /** The same object for the same key, every time. */
  handle(key: string): FieldHandle;
  getArrayState(path: string): ArrayState;
  subscribeArray(path: string, listener: () => void): () => void;
  addItem(path: string, item?: unknown): void;
  removeItem(path: string, index: number): void;
  moveItem(path: string, from: number, to: number): void;
  getFormState(): FormState;
  subscribeForm(listener: () => void): () => void;
  subscribeChanges(listener: FormChangeListener): () => void;
  /** Checks one page: its fields and sections show their errors, and the summary lists them. */
  validatePage(pageIndex: number): FormError[];
  /** Checks the whole form as a submit does: every error shows and the summary lists them. */
  submit(): FormCheckResult;
  /** Checks the whole form without changing what shows (the server's and the fake's check). */
  check(): FormCheckResult;
  /** Shows errors from elsewhere (the server), each until its value changes. */
  setExternalErrors(errors: readonly ExternalError[]): void;
}
