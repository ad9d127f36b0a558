/**
 * The form engine: holds one form's data and, per field, its value, visibility, requiredness, touched/dirty state and
 * error, and tells subscribers of a path when — and only when — what they show changed. React-free and HTTP-free:
 * the renderer binds one subscription per field, and the server and the fake check submissions with the same code.
 */
import type { JsonObject } from '../contract/types';
import { escapePointerSegment, getAt, parsePointer, removeAt, setAt } from '../contract/json-pointer';
import { compileFormSchema, type CompiledField, type CompiledForm, type CompiledSection } from './compile';
import type {
  ArrayState,
  ExternalError,
  FieldHandle,
  FieldState,
  FormChangeListener,
  FormCheckResult,
  FormEngine,
  FormEngineOptions,
  FormError,
  FormState,
} from './engine-types';
import type { WidgetKindRegistry } from './widget-kinds';
import type { FormSchema } from '../contract/types';
import { defaultValidationMessages, messageFor, typedNumberMessage, type ValidationMessages } from './messages';
import { matrixMissingRows } from './matrix';
import { compute, isEmptyValue, jsonEqual, rulesHold } from './rules';
import { describeSchema, schemaAt } from './schema';
import { firstLeaf, leafErrors } from './validator-output';

// The engine's types and the reading of the validator's output live in their own modules; importers of this one
// keep finding them here.
export type {
  ArrayState,
  ExternalError,
  FieldHandle,
  FieldState,
  FormChangeListener,
  FormCheckResult,
  FormEngine,
  FormEngineOptions,
  FormError,
  FormState,
} from './engine-types';
export { leafErrors } from './validator-output';

const MISSING: FieldState = Object.freeze({
  value: undefined,
  error: null,
  touched: false,
  dirty: false,
  visible: false,
  required: false,
  readOnly: true,
});

interface Instance {
  key: string;
  field: CompiledField;
  /** Absolute data path ('' for static text). */
  path: string;
  segments: string[];
  itemBase: string;
  itemIndex: number | null;
  visibleReads: string[][];
  requiredReads: string[][];
  /** Computed inputs (may contain `*`). */
  computeReads: string[][];
  depKeys: string[];
  wildKeys: string[];
  state: FieldState;
  validated: { value: unknown; required: boolean; error: string | null } | null;
}

// Keys for static text, which has no data path: never a valid pointer, so never clashes with one.
const staticKey = (field: CompiledField, itemBase: string) => `#${field.field.id}${itemBase}`;

function pointerOf(segments: readonly string[]): string {
  let out = '';
  for (const s of segments) out += `/${escapePointerSegment(s)}`;
  return out;
}

function isContainer(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

class Engine implements FormEngine {
  compiled: CompiledForm;
  private readonly widgets: WidgetKindRegistry | undefined;
  readonly messages: ValidationMessages;
  private data: JsonObject;
  private initial: JsonObject;
  private readonly instances = new Map<string, Instance>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly arrayListeners = new Map<string, Set<() => void>>();
  private readonly formListeners = new Set<() => void>();
  private readonly changeListeners = new Set<FormChangeListener>();
  /** Absolute path read by a rule or computation → instance keys reading it. */
  private readonly deps = new Map<string, Set<string>>();
  /** Path before a `*` of a computation → instance keys reading every item below it. */
  private readonly wildDeps = new Map<string, Set<string>>();
  private readonly touched = new Set<string>();
  private readonly external = new Map<string, string>();
  /** What inputs hold that their answers do not, by field key (see `hold`). */
  private readonly held = new Map<string, string>();
  private readonly errorKeys = new Set<string>();
  private readonly dirtyKeys = new Set<string>();
  private readonly itemKeys = new Map<string, string[]>();
  private readonly arrayStates = new Map<string, ArrayState>();
  private readonly arrayTouched = new Set<string>();
  /** The item-count problem of each repeatable path, shown or not. */
  private readonly arrayLive = new Map<string, string | null>();
  private readonly repeatsByPath = new Map<string, CompiledSection[]>();
  private structureDirty = false;
  private itemCounter = 0;
  private formState: FormState = { submitCount: 0, dirty: false, errorCount: 0, summary: null, checkCount: 0 };
  private readonly pendingKeys = new Set<string>();
  private readonly pendingArrays = new Set<string>();
  private changedPath: string | null = null;

  constructor(compiled: CompiledForm, options: FormEngineOptions) {
    this.compiled = compiled;
    this.widgets = options.widgets;
    this.messages = { ...defaultValidationMessages, ...options.messages };
    this.indexRepeats();
    this.data = options.data ? (structuredClone(options.data) as JsonObject) : {};
    // A new form starts with as many items as a repeatable section needs: a section that must hold one shows one to
    // fill in, rather than nothing and a complaint at the first submit.
    if (options.applyDefaults) this.addMissingItems();
    this.buildAll();
    if (options.applyDefaults) this.applyDefaults();
    this.recomputeAll(true);
    this.initial = this.data;
    this.recomputeAll(false);
    this.formState = this.nextFormState(this.formState.summary, this.formState.submitCount);
    this.pendingKeys.clear();
    this.pendingArrays.clear();
  }

  // ------------------------------------------------------------ instances

  /**
   * The sections of the compiled form whose fields repeat, by the path they repeat over: repeatable sections and the
   * plain sections inside them (which share their repeat), nested ones included.
   */
  private indexRepeats(): void {
    this.repeatsByPath.clear();
    for (const page of this.compiled.pages) {
      for (const section of page.sections) {
        if (!section.repeat) continue;
        const list = this.repeatsByPath.get(section.repeat.path) ?? [];
        list.push(section);
        this.repeatsByPath.set(section.repeat.path, list);
      }
    }
  }

  private buildAll(): void {
    const old = new Map(this.instances);
    for (const instance of old.values()) this.unregister(instance);
    this.instances.clear();
    for (const page of this.compiled.pages) {
      for (const section of page.sections) {
        if (section.repeat) this.buildRepeat(section);
        else for (const field of section.fields) this.register(field, '', null);
      }
    }
    this.carry(old);
  }

  /**
   * Gives each instance the state of the instance of its key in `old`, so one whose state stays the same keeps the same
   * object (refresh replaces it only where a part differs) and its subscribers do not render again.
   */
  private carry(old: Map<string, Instance>): void {
    for (const [key, instance] of this.instances) instance.state = old.get(key)?.state ?? instance.state;
  }

  private buildRepeat(section: CompiledSection): void {
    const repeat = section.repeat;
    if (!repeat) return;
    const items = getAt(this.data, repeat.segments);
    const length = Array.isArray(items) ? items.length : 0;
    for (let i = 0; i < length; i++) {
      for (const field of section.fields) this.register(field, `${repeat.path}/${i}`, i);
    }
  }

  keyOf(field: CompiledField, itemBase = ''): string {
    return field.isInput ? itemBase + field.path : staticKey(field, itemBase);
  }

  private register(field: CompiledField, itemBase: string, itemIndex: number | null): void {
    const baseSegments = itemBase === '' ? [] : parsePointer(itemBase);
    const absolute = (segments: readonly string[]) => [...baseSegments, ...segments];
    const segments = field.isInput ? absolute(field.segments) : [];
    const key = this.keyOf(field, itemBase);
    const visibleReads = field.visibleWhen.map((r) => absolute(r.segments));
    const requiredReads = field.requiredWhen.map((r) => absolute(r.segments));
    const computeReads = field.computed ? field.computed.paths.map((p) => absolute(p)) : [];
    const depKeys: string[] = [];
    const wildKeys: string[] = [];
    for (const read of [...visibleReads, ...requiredReads]) depKeys.push(pointerOf(read));
    for (const read of computeReads) {
      const star = read.indexOf('*');
      if (star === -1) depKeys.push(pointerOf(read));
      else wildKeys.push(pointerOf(read.slice(0, star)));
    }
    const instance: Instance = {
      key,
      field,
      path: field.isInput ? pointerOf(segments) : '',
      segments,
      itemBase,
      itemIndex,
      visibleReads,
      requiredReads,
      computeReads,
      depKeys,
      wildKeys,
      state: MISSING,
      validated: null,
    };
    for (const dep of depKeys) this.addDep(this.deps, dep, key);
    for (const dep of wildKeys) this.addDep(this.wildDeps, dep, key);
    this.instances.set(key, instance);
  }

  private addDep(map: Map<string, Set<string>>, path: string, key: string): void {
    let set = map.get(path);
    if (!set) map.set(path, (set = new Set()));
    set.add(key);
  }

  private unregister(instance: Instance): void {
    for (const dep of instance.depKeys) this.deps.get(dep)?.delete(instance.key);
    for (const dep of instance.wildKeys) this.wildDeps.get(dep)?.delete(instance.key);
    this.errorKeys.delete(instance.key);
    this.dirtyKeys.delete(instance.key);
  }

  private addMissingItems(): void {
    for (const sections of this.repeatsByPath.values()) {
      const repeat = sections[0]?.repeat;
      if (!repeat) continue;
      const minItems = Math.max(...sections.map((s) => s.repeat?.minItems ?? 0));
      const items = getAt(this.data, repeat.segments);
      if (items !== undefined && !Array.isArray(items)) continue;
      const list = items ?? [];
      if (list.length >= minItems) continue;
      const added = Array.from({ length: minItems - list.length }, () => ({}));
      this.data = setAt(this.data, repeat.segments, [...list, ...added]);
    }
  }

  private applyDefaults(): void {
    for (const instance of this.instances.values()) {
      const fallback = instance.field.info.default;
      if (instance.field.isInput && fallback !== undefined && getAt(this.data, instance.segments) === undefined) {
        this.data = setAt(this.data, instance.segments, structuredClone(fallback));
      }
    }
  }

  // ------------------------------------------------------------ state

  private readForRule(segments: string[]): unknown {
    const owner = this.instances.get(pointerOf(segments));
    // A hidden field's answer does not count: rules chained on it see no answer.
    if (owner && owner.state !== MISSING && !owner.state.visible) return undefined;
    return getAt(this.data, segments);
  }

  private expand(segments: readonly string[]): unknown[] {
    let nodes: unknown[] = [this.data];
    for (const segment of segments) {
      const next: unknown[] = [];
      for (const node of nodes) {
        if (segment === '*') {
          if (Array.isArray(node)) next.push(...node);
        } else {
          const value = getAt(node, [segment]);
          if (value !== undefined) next.push(value);
        }
      }
      nodes = next;
    }
    return nodes;
  }

  private validateInstance(instance: Instance, value: unknown, required: boolean): string | null {
    const cached = instance.validated;
    if (cached && cached.value === value && cached.required === required) return cached.error;
    const field = instance.field;
    let error: string | null = null;
    if (isEmptyValue(value)) {
      if (required) error = messageFor('required', field.info, this.messages, field.messageContext);
    } else if (required && field.field.widget === 'matrix' && matrixMissingRows(field.field, value).length > 0) {
      // A required matrix needs every row answered.
      error = messageFor('matrixRows', field.info, this.messages, field.messageContext);
    } else {
      const keyword = firstLeaf(this.compiled.validateValue(field, value));
      if (keyword === 'type' && typeof value === 'string' && (field.info.type === 'number' || field.info.type === 'integer')) {
        error = typedNumberMessage(value, field.info, this.messages);
      } else if (keyword !== null) error = messageFor(keyword, field.info, this.messages, field.messageContext);
    }
    instance.validated = { value, required, error };
    return error;
  }

  /** The problem of a field now, shown or not (validated on demand, cached per value). */
  private liveError(instance: Instance): string | null {
    const { state, field } = instance;
    if (!state.visible || !field.isInput) return null;
    return this.held.get(instance.key) ?? this.validateInstance(instance, state.value, state.required) ?? this.external.get(instance.key) ?? null;
  }

  /** Recomputes one instance; returns true when its visibility changed (dependents must follow). */
  private refresh(instance: Instance): boolean {
    const field = instance.field;
    const visible = rulesHold(field.field.visibleWhen ?? [], (_, i) => this.readForRule(instance.visibleReads[i] as string[]));
    const value = field.isInput ? getAt(this.data, instance.segments) : undefined;
    const required =
      visible &&
      field.isInput &&
      (field.schemaRequired ||
        (field.requiredWhen.length > 0 && rulesHold(field.field.requiredWhen ?? [], (_, i) => this.readForRule(instance.requiredReads[i] as string[]))));
    const touched = this.touched.has(instance.key);
    // Validation runs only where its result shows (touched fields); checks ask liveError() for the others.
    const liveError = touched && visible && field.isInput ? this.validateInstance(instance, value, required) : null;
    const dirty = field.isInput && !jsonEqual(value, getAt(this.initial ?? this.data, instance.segments));
    const held = visible && field.isInput ? (this.held.get(instance.key) ?? null) : null;
    const external = visible ? (this.external.get(instance.key) ?? null) : null;
    const error = held ?? liveError ?? external;
    if (error) this.errorKeys.add(instance.key);
    else this.errorKeys.delete(instance.key);
    if (dirty) this.dirtyKeys.add(instance.key);
    else this.dirtyKeys.delete(instance.key);
    const old = instance.state;
    if (
      old.value === value &&
      old.error === error &&
      old.touched === touched &&
      old.dirty === dirty &&
      old.visible === visible &&
      old.required === required &&
      old.readOnly === field.readOnly &&
      old !== MISSING
    ) {
      return false;
    }
    instance.state = { value, error, touched, dirty, visible, required, readOnly: field.readOnly };
    this.pendingKeys.add(instance.key);
    return old === MISSING || old.visible !== visible;
  }

  /** Writes a computed field's value; returns the path when it changed. */
  private recomputeValue(instance: Instance): boolean {
    const computed = instance.field.computed;
    if (!computed) return false;
    const values = instance.computeReads.flatMap((read) => this.expand(read));
    const next = compute(computed.computation, values);
    const current = getAt(this.data, instance.segments);
    if (jsonEqual(next, current)) return false;
    this.data = next === undefined ? (removeAt(this.data, instance.segments) ?? {}) : setAt(this.data, instance.segments, next);
    return true;
  }

  private recomputeAll(valuesOnly: boolean): void {
    // Computed values first (in layout order, twice so a computation over another settles), then every state.
    const computed = [...this.instances.values()].filter((i) => i.field.computed);
    for (let round = 0; round < 2; round++) for (const instance of computed) this.recomputeValue(instance);
    if (valuesOnly) return;
    // Visibility can chain (a rule reading a field another rule hides): repeat until stable.
    for (const instance of this.instances.values()) this.refresh(instance);
    // Visibility can chain (a rule reading a field another rule hides): settle the fields with rules.
    const ruled = [...this.instances.values()].filter((i) => i.visibleReads.length > 0 || i.requiredReads.length > 0);
    for (let round = 0; round < 8 && ruled.length > 0; round++) {
      let changed = false;
      for (const instance of ruled) if (this.refresh(instance)) changed = true;
      if (!changed) break;
    }
    for (const path of this.repeatsByPath.keys()) this.refreshArray(path);
  }

  /** Instance keys affected by a change at `path` (the instance there, readers of it and of its ancestors). */
  private affected(path: string, deep: boolean, into: Set<string>): void {
    const segments = path === '' ? [] : parsePointer(path);
    let prefix = '';
    const visit = (p: string) => {
      if (this.instances.has(p)) into.add(p);
      const readers = this.deps.get(p);
      if (readers) for (const k of readers) into.add(k);
      const wild = this.wildDeps.get(p);
      if (wild) for (const k of wild) into.add(k);
    };
    visit('');
    for (const segment of segments) {
      prefix += `/${escapePointerSegment(segment)}`;
      visit(prefix);
    }
    if (deep) {
      const under = `${path}/`;
      for (const key of this.instances.keys()) if (key.startsWith(under)) into.add(key);
      for (const [dep, readers] of this.deps) if (dep.startsWith(under)) for (const k of readers) into.add(k);
      for (const [dep, readers] of this.wildDeps) if (dep.startsWith(under)) for (const k of readers) into.add(k);
    }
  }

  private propagate(queue: Set<string>): void {
    // Bounded: a cycle of computed fields settles or stops instead of looping forever.
    let budget = (this.instances.size + 1) * 8;
    while (queue.size > 0 && budget-- > 0) {
      const key = queue.values().next().value as string;
      queue.delete(key);
      const instance = this.instances.get(key);
      if (!instance) continue;
      if (this.recomputeValue(instance)) this.affected(instance.path, false, queue);
      if (this.refresh(instance) && instance.path !== '') {
        const readers = this.deps.get(instance.path);
        if (readers) for (const k of readers) queue.add(k);
      }
    }
  }

  private refreshArray(path: string): void {
    const sections = this.repeatsByPath.get(path);
    const repeat = sections?.[0]?.repeat;
    if (!repeat) return;
    const items = getAt(this.data, repeat.segments);
    const length = Array.isArray(items) ? items.length : 0;
    let keys = this.itemKeys.get(path);
    if (!keys || keys.length !== length) {
      keys = Array.from({ length }, (_, i) => keys?.[i] ?? `item-${++this.itemCounter}`);
      this.itemKeys.set(path, keys);
    }
    const minItems = Math.max(...(sections ?? []).map((s) => s.repeat?.minItems ?? 0));
    const maxValues = (sections ?? []).map((s) => s.repeat?.maxItems).filter((m): m is number => m !== undefined);
    const maxItems = maxValues.length > 0 ? Math.min(...maxValues) : undefined;
    const info = describeSchema(schemaAt(this.compiled.prepared, repeat.segments), this.compiled.prepared);
    let liveError: string | null = null;
    if (length < minItems) liveError = messageFor('minItems', { ...info, minItems }, this.messages, 'items');
    else if (maxItems !== undefined && length > maxItems) liveError = messageFor('maxItems', { ...info, maxItems }, this.messages, 'items');
    const arrayKey = `[]${path}`;
    this.arrayLive.set(path, liveError);
    const error = this.arrayTouched.has(path) ? liveError : null;
    if (error) this.errorKeys.add(arrayKey);
    else this.errorKeys.delete(arrayKey);
    const old = this.arrayStates.get(path);
    const next: ArrayState = {
      keys,
      length,
      minItems,
      maxItems,
      canAdd: maxItems === undefined || length < maxItems,
      canRemove: length > minItems,
      error,
    };
    if (
      old &&
      old.keys === next.keys &&
      old.length === next.length &&
      old.error === next.error &&
      old.canAdd === next.canAdd &&
      old.canRemove === next.canRemove
    ) {
      return;
    }
    this.arrayStates.set(path, next);
    this.pendingArrays.add(path);
  }

  private nextFormState(summary: readonly FormError[] | null, submitCount: number, checkCount = this.formState.checkCount): FormState {
    const dirty = this.dirtyKeys.size > 0 || this.structureDirty;
    const errorCount = this.errorKeys.size;
    const old = this.formState;
    if (
      old.dirty === dirty &&
      old.errorCount === errorCount &&
      old.summary === summary &&
      old.submitCount === submitCount &&
      old.checkCount === checkCount
    ) {
      return old;
    }
    return { dirty, errorCount, summary, submitCount, checkCount };
  }

  /**
   * The message a summary entry's field or section shows now: null once fixed (or gone), undefined for a problem no
   * field or section owns (data outside the layout), which stays until the next check.
   */
  private currentMessage(error: FormError): string | null | undefined {
    if (error.fieldId !== null) {
      const instance = this.instances.get(error.key);
      return instance && instance.state !== MISSING ? instance.state.error : null;
    }
    if (error.sectionId !== null) return this.arrayStates.get(error.key)?.error ?? null;
    return undefined;
  }

  /** The shown summary brought up to date with the fields: fixed problems leave it, changed messages follow. */
  private followSummary(summary: readonly FormError[] | null): readonly FormError[] | null {
    if (summary === null) return null;
    let changed = false;
    const next: FormError[] = [];
    for (const error of summary) {
      const message = this.currentMessage(error);
      if (message === undefined || message === error.message) next.push(error);
      else {
        changed = true;
        if (message !== null) next.push({ ...error, message });
      }
    }
    if (!changed) return summary;
    return next.length > 0 ? next : null;
  }

  /** Tells subscribers what changed; `check` is the summary of a new page check or submit (else the shown one follows the fields). */
  private flush(check?: { summary: readonly FormError[] | null; submitCount?: number }): void {
    const summary = check ? check.summary : this.followSummary(this.formState.summary);
    const submitCount = check?.submitCount ?? this.formState.submitCount;
    const keys = [...this.pendingKeys];
    const arrays = [...this.pendingArrays];
    this.pendingKeys.clear();
    this.pendingArrays.clear();
    const formState = this.nextFormState(summary, submitCount, check?.summary ? this.formState.checkCount + 1 : this.formState.checkCount);
    const formChanged = formState !== this.formState;
    this.formState = formState;
    const changedPath = this.changedPath;
    this.changedPath = null;
    for (const key of keys) this.listeners.get(key)?.forEach((l) => l());
    for (const path of arrays) this.arrayListeners.get(path)?.forEach((l) => l());
    if (formChanged) this.formListeners.forEach((l) => l());
    if (changedPath !== null) for (const listener of this.changeListeners) listener(this.data, changedPath);
  }

  // ------------------------------------------------------------ public API

  getData(): JsonObject {
    return this.data;
  }

  getValue(path: string): unknown {
    return getAt(this.data, path);
  }

  setValue(path: string, value: unknown): void {
    const segments = parsePointer(path);
    const old = getAt(this.data, segments);
    if (old === value) return;
    const next = value === undefined ? removeAt(this.data, segments) : setAt(this.data, segments, value);
    if (next === this.data || next === undefined) return;
    this.data = next;
    const instance = this.instances.get(path);
    if (instance) {
      // A new answer replaces an error given from outside.
      this.external.delete(path);
    }
    const queue = new Set<string>();
    this.affected(path, isContainer(value) || isContainer(old), queue);
    this.propagate(queue);
    for (const repeatPath of this.repeatsByPath.keys()) {
      if (path === repeatPath || repeatPath.startsWith(`${path}/`)) this.restructure(repeatPath, null);
    }
    this.changedPath = path;
    this.flush();
  }

  setData(data: JsonObject, options: { asInitial?: boolean } = {}): void {
    this.data = structuredClone(data);
    this.external.clear();
    this.itemKeys.clear();
    if (options.asInitial) {
      this.touched.clear();
      this.arrayTouched.clear();
      this.structureDirty = false;
    }
    this.buildAll();
    this.recomputeAll(true);
    if (options.asInitial) this.initial = this.data;
    this.recomputeAll(false);
    // Every subscriber re-reads: instances were rebuilt.
    for (const key of this.listeners.keys()) this.pendingKeys.add(key);
    for (const key of this.arrayListeners.keys()) this.pendingArrays.add(key);
    this.changedPath = '';
    this.flush(options.asInitial ? { summary: null, submitCount: 0 } : undefined);
  }

  setSchema(schema: FormSchema): void {
    const compiled = compileFormSchema(schema, { widgets: this.widgets });
    if (compiled === this.compiled) return;
    const before = this.data;
    this.compiled = compiled;
    this.indexRepeats();
    // States of the old layout go; the answers, touched fields and item keys (still valid for the same data) stay.
    // A field of the same key starts from its old state (buildAll), so one the new layout leaves as it was keeps the
    // same state object and its subscribers do not render again: a builder's canvas redraws only the fields an edit
    // or an undo changed.
    this.errorKeys.clear();
    this.arrayStates.clear();
    this.arrayLive.clear();
    this.buildAll();
    this.recomputeAll(true);
    this.recomputeAll(false);
    for (const key of this.listeners.keys()) this.pendingKeys.add(key);
    for (const key of this.arrayListeners.keys()) this.pendingArrays.add(key);
    // Change listeners (autosave) hear of it only when the new schema changed the data (a computed value).
    if (this.data !== before) this.changedPath = '';
    this.flush();
    // The form itself is another one: its listeners re-read it even when the counts did not change.
    this.formListeners.forEach((l) => l());
  }

  touch(key: string): void {
    if (this.touched.has(key)) return;
    const instance = this.instances.get(key);
    if (!instance) return;
    this.touched.add(key);
    this.refresh(instance);
    this.flush();
  }

  hold(key: string, problem: string | null): void {
    if (problem === null) this.held.delete(key);
    else this.held.set(key, problem);
    const instance = this.instances.get(key);
    if (!instance) return;
    this.refresh(instance);
    this.flush();
  }

  getFieldState(key: string): FieldState {
    return this.instances.get(key)?.state ?? MISSING;
  }

  subscribe(key: string, listener: () => void): () => void {
    return this.listen(this.listeners, key, listener);
  }

  private readonly handles = new Map<string, FieldHandle>();

  handle(key: string): FieldHandle {
    let handle = this.handles.get(key);
    if (!handle) {
      handle = {
        key,
        subscribe: (listener) => this.subscribe(key, listener),
        getState: () => this.getFieldState(key),
        setValue: (value) => this.setValue(key, value),
        touch: () => this.touch(key),
        hold: (problem) => this.hold(key, problem),
      };
      this.handles.set(key, handle);
    }
    return handle;
  }

  private listen(map: Map<string, Set<() => void>>, key: string, listener: () => void): () => void {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && map.get(key) === set) map.delete(key);
    };
  }

  getArrayState(path: string): ArrayState {
    return (
      this.arrayStates.get(path) ?? {
        keys: [],
        length: 0,
        minItems: 0,
        maxItems: undefined,
        canAdd: false,
        canRemove: false,
        error: null,
      }
    );
  }

  subscribeArray(path: string, listener: () => void): () => void {
    return this.listen(this.arrayListeners, path, listener);
  }

  /**
   * Rebuilds the instances of the repeatable sections over `path` after its items changed. `mapIndex` says where each
   * old item went (null: it was removed), so touched state and errors shown from outside follow their items.
   */
  private restructure(path: string, mapIndex: ((old: number) => number | null) | null): void {
    const sections = this.repeatsByPath.get(path) ?? [];
    const under = `${path}/`;
    const old = new Map<string, Instance>();
    for (const [key, instance] of this.instances) {
      if (instance.itemIndex !== null && instance.itemBase.startsWith(under) && sections.includes(instance.field.section)) {
        old.set(key, instance);
        this.unregister(instance);
        this.instances.delete(key);
      }
    }
    if (mapIndex) {
      const remap = (set: Set<string> | Map<string, string>) => {
        const entries = [...(set instanceof Map ? set.entries() : [...set].map((k) => [k, k] as const))];
        const moved: [string, string][] = [];
        for (const [key, value] of entries) {
          if (!key.startsWith(under)) continue;
          set.delete(key);
          const rest = key.slice(under.length);
          const slash = rest.indexOf('/');
          const index = Number(slash === -1 ? rest : rest.slice(0, slash));
          const target = mapIndex(index);
          if (target !== null) moved.push([`${under}${target}${slash === -1 ? '' : rest.slice(slash)}`, value]);
        }
        for (const [key, value] of moved) {
          if (set instanceof Map) set.set(key, value);
          else set.add(key);
        }
      };
      remap(this.touched);
      remap(this.external);
    }
    for (const section of sections) this.buildRepeat(section);
    const queue = new Set<string>();
    for (const key of this.instances.keys()) if (key.startsWith(under) || key.startsWith(`#`)) queue.add(key);
    this.affected(path, true, queue);
    this.carry(old);
    this.propagate(queue);
    // Subscribers of items that no longer exist read the missing state.
    for (const key of old.keys()) if (!this.instances.has(key)) this.pendingKeys.add(key);
    this.refreshArray(path);
  }

  private changeItems(path: string, change: (items: unknown[]) => unknown[], mapIndex: (old: number) => number | null, keyChange: (keys: string[]) => string[]): void {
    const segments = parsePointer(path);
    const current = getAt(this.data, segments);
    const items = Array.isArray(current) ? current : [];
    const next = change(items);
    this.data = setAt(this.data, segments, next);
    const keys = this.itemKeys.get(path) ?? [];
    this.itemKeys.set(path, keyChange(keys.length === items.length ? keys : items.map(() => `item-${++this.itemCounter}`)));
    this.structureDirty = true;
    this.restructure(path, mapIndex);
    this.changedPath = path;
    this.flush();
  }

  addItem(path: string, item: unknown = {}): void {
    this.changeItems(
      path,
      (items) => [...items, item],
      (i) => i,
      (keys) => [...keys, `item-${++this.itemCounter}`],
    );
  }

  removeItem(path: string, index: number): void {
    this.changeItems(
      path,
      (items) => items.filter((_, i) => i !== index),
      (i) => (i === index ? null : i > index ? i - 1 : i),
      (keys) => keys.filter((_, i) => i !== index),
    );
  }

  moveItem(path: string, from: number, to: number): void {
    const length = (this.getValue(path) as unknown[] | undefined)?.length ?? 0;
    if (from === to || from < 0 || to < 0 || from >= length || to >= length) return;
    const move = <T>(list: T[]): T[] => {
      const copy = list.slice();
      const [moved] = copy.splice(from, 1);
      copy.splice(to, 0, moved as T);
      return copy;
    };
    this.changeItems(
      path,
      move,
      (i) => {
        if (i === from) return to;
        if (from < to && i > from && i <= to) return i - 1;
        if (from > to && i >= to && i < from) return i + 1;
        return i;
      },
      move,
    );
  }

  getFormState(): FormState {
    return this.formState;
  }

  subscribeForm(listener: () => void): () => void {
    this.formListeners.add(listener);
    return () => this.formListeners.delete(listener);
  }

  subscribeChanges(listener: FormChangeListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /**
   * Instances and repeat paths in layout order, optionally of one page (nested sections included). A repeatable
   * section's items are walked one by one, each with the fields of the plain sections inside it, as they show.
   */
  private *walk(pageIndex: number | null): Generator<{ instance?: Instance; arrayPath?: string; section: CompiledSection }> {
    for (const page of this.compiled.pages) {
      if (pageIndex !== null && page.index !== pageIndex) continue;
      for (const section of page.sections) {
        if (section.repeat) {
          // The sections inside a repeatable one are walked with its items.
          if (section.repeatOwner !== section) continue;
          yield { arrayPath: section.repeat.path, section };
          const members = page.sections.filter((s) => s.repeatOwner === section);
          const length = this.getArrayState(section.repeat.path).length;
          for (let i = 0; i < length; i++) {
            for (const member of members) {
              for (const field of member.fields) {
                const instance = this.instances.get(this.keyOf(field, `${section.repeat.path}/${i}`));
                if (instance) yield { instance, section: member };
              }
            }
          }
        } else {
          for (const field of section.fields) {
            const instance = this.instances.get(this.keyOf(field, ''));
            if (instance) yield { instance, section };
          }
        }
      }
    }
  }

  private collectErrors(pageIndex: number | null): FormError[] {
    const errors: FormError[] = [];
    const seenArrays = new Set<string>();
    for (const { instance, arrayPath, section } of this.walk(pageIndex)) {
      if (arrayPath !== undefined) {
        if (seenArrays.has(arrayPath)) continue;
        seenArrays.add(arrayPath);
        const error = this.arrayLive.get(arrayPath) ?? null;
        if (error) {
          errors.push({
            key: arrayPath,
            path: arrayPath,
            message: error,
            label: section.section.title,
            fieldId: null,
            sectionId: section.section.id,
            itemIndex: null,
            pageIndex: section.pageIndex,
          });
        }
        continue;
      }
      const message = instance ? this.liveError(instance) : null;
      if (!instance || !message) continue;
      errors.push({
        key: instance.key,
        path: instance.path,
        message,
        label: instance.field.field.label,
        fieldId: instance.field.field.id,
        sectionId: section.section.id,
        itemIndex: instance.itemIndex,
        pageIndex: instance.field.pageIndex,
      });
    }
    return errors;
  }

  private reveal(pageIndex: number | null): void {
    for (const { instance, arrayPath } of this.walk(pageIndex)) {
      if (arrayPath !== undefined) {
        this.arrayTouched.add(arrayPath);
        this.refreshArray(arrayPath);
      } else if (instance && instance.field.isInput && !this.touched.has(instance.key)) {
        this.touched.add(instance.key);
        this.refresh(instance);
      }
    }
  }

  validatePage(pageIndex: number): FormError[] {
    this.reveal(pageIndex);
    const errors = this.collectErrors(pageIndex);
    this.flush({ summary: errors.length > 0 ? errors : null });
    return errors;
  }

  /** The data to store: hidden answers removed. */
  private cleanData(): JsonObject {
    let data = this.data;
    for (const instance of this.instances.values()) {
      if (instance.field.isInput && !instance.state.visible) data = removeAt(data, instance.segments) ?? {};
    }
    return data;
  }

  check(): FormCheckResult {
    const errors = this.collectErrors(null);
    const data = this.cleanData();
    // The whole-document pass catches what no field owns (data outside the layout, JSON Schema conditionals).
    const owned = new Set(errors.map((e) => e.path));
    for (const leaf of leafErrors(this.compiled.validateDocument(data))) {
      let owner: Instance | undefined;
      let probe = leaf.path;
      while (probe !== '') {
        owner = this.instances.get(probe);
        if (owner || this.repeatsByPath.has(probe)) break;
        probe = probe.slice(0, probe.lastIndexOf('/'));
      }
      const ownerPath = owner?.path ?? (probe !== '' ? probe : leaf.path);
      if (owned.has(ownerPath)) continue;
      owned.add(ownerPath);
      const segments = parsePointer(leaf.path);
      const info = owner ? owner.field.info : describeSchema(schemaAt(this.compiled.prepared, segments), this.compiled.prepared);
      errors.push({
        key: owner?.key ?? ownerPath,
        path: leaf.path,
        message: messageFor(leaf.keyword, info, this.messages, owner?.field.messageContext ?? 'value'),
        label: owner?.field.field.label ?? '',
        fieldId: owner?.field.field.id ?? null,
        sectionId: owner?.field.section.section.id ?? null,
        itemIndex: owner?.itemIndex ?? null,
        pageIndex: owner?.field.pageIndex ?? -1,
      });
    }
    return { valid: errors.length === 0, errors, data };
  }

  submit(): FormCheckResult {
    this.reveal(null);
    const result = this.check();
    // Errors the fields do not show themselves (document-level) are shown through the external channel.
    for (const error of result.errors) {
      const instance = this.instances.get(error.key);
      if (instance && !this.liveError(instance)) {
        this.external.set(error.key, error.message);
        this.refresh(instance);
      }
    }
    this.flush({ summary: result.errors.length > 0 ? result.errors : null, submitCount: this.formState.submitCount + 1 });
    return result;
  }

  setExternalErrors(errors: readonly ExternalError[]): void {
    const touchedKeys = new Set([...this.external.keys()]);
    this.external.clear();
    for (const error of errors) {
      this.external.set(error.path, error.message);
      touchedKeys.add(error.path);
    }
    for (const key of touchedKeys) {
      const instance = this.instances.get(key);
      if (instance) this.refresh(instance);
    }
    this.flush();
  }
}

/**
 * Creates an engine for one form schema (compiled once per schema version). The engine holds the data; use
 * `setValue` / `touch` from inputs, `subscribe` + `getFieldState` to show a field, `validatePage` and `submit` for
 * navigation.
 */
export function createFormEngine(schema: FormSchema, options: FormEngineOptions = {}): FormEngine {
  return new Engine(options.compiled ?? compileFormSchema(schema, { widgets: options.widgets }), options);
}
