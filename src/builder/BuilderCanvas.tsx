import { useDndContext, useDroppable } from '@dnd-kit/core';
import { ActionIcon, Alert, Box, Group, Menu, Paper, Stack, Text, TextInput, Title, type TitleOrder } from '@mantine/core';
import { createContext, memo, startTransition, useContext, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import type { FormField, FormSection, JsonValue } from '../api/types';
import type { CompiledField, CompiledForm } from '../engine/compile';
import { createFormEngine, type FormEngine } from '../engine/engine';
import { childSections, layoutFieldEntries, layoutSectionEntries } from '../engine/layout-walk';
import { FORM_LIMITS } from '../engine/limits';
import type { WidgetKindRegistry } from '../engine/widget-kinds';
import { fieldShownName } from './widget-names';
import { FormContext, type FormContextValue } from '../forms/context';
import { Field } from '../forms/Field';
import { resolveFormLabels } from '../forms/labels';
import { LITE_VARIABLES } from '../forms/widgets/LiteField';
import type { FormWidgets } from '../forms/widgets/registry';
import { ApiContext } from '../query/api-context';
import { fillLabel, type Labels } from '../query/labels';
import { useLazyDraggable, type LazyDrag } from './lazy-draggable';
import { LiveTextsContext, useLiveField, type LiveTexts } from './live-texts';
import { CanvasCompileCache, fieldSchema, renameAction, sectionDropData, sectionTree, type BuilderAction, type BuilderDocument, type BuilderSelection, type DropData, type SectionPlaceProblem } from './model';

/**
 * Whether two documents have the same pages, sections and fields in the same order (texts and schemas aside). A
 * change of the outline (an add, a delete, a move, an undo or redo of one) shows on the canvas at once; only edits
 * inside the same outline (typing in the property pane) may follow as a deferred value.
 */
export function sameOutline(a: BuilderDocument, b: BuilderDocument): boolean {
  if (a === b || a.layout === b.layout) return true;
  const pa = a.layout.pages;
  const pb = b.layout.pages;
  if (pa.length !== pb.length) return false;
  return pa.every((page, p) => {
    const other = pb[p]!;
    return page.id === other.id && sameSections(page.sections, other.sections);
  });
}

/** Whether two lists of sections have the same sections (and sections inside them) and fields, in the same order. */
function sameSections(a: readonly FormSection[], b: readonly FormSection[]): boolean {
  return (
    a.length === b.length &&
    a.every((section, s) => {
      const os = b[s]!;
      if (section === os) return true;
      if (section.id !== os.id || section.fields.length !== os.fields.length || !section.fields.every((f, i) => f.id === os.fields[i]!.id)) return false;
      return sameSections(childSections(section), childSections(os));
    })
  );
}

/** What the canvas offers on each item besides selecting it (absent for a user who may not edit). */
export interface CanvasEditing {
  dispatch(action: BuilderAction): void;
  /** Adds a section at the end of a section's sections (absent: the menu does not offer it). */
  onAddSectionInside?(sectionId: string): void;
  /** Opens "Move to…" for a field or a section. */
  onMoveTo(id: string): void;
  /** Deletes a field, section or page (`kind`: which the id is), asking first when rules depend on it. */
  onDelete(id: string, kind: RenameItem['type']): void;
  /**
   * Renames a field (its label), a section or a page (its title) edited in place, as one step; absent: the canvas
   * makes the step from the document it shows (`renameAction`).
   */
  onRename?(item: RenameItem, text: string): void;
}

/**
 * What of a document the engine reads besides the JSON Schema: ids, paths, widgets, repeatable lists, read-only,
 * computed values and rules. Labels, help texts, placeholders and options only show (the canvas's fields read them
 * from their compiled field), so changing them need not rebuild every field's state.
 */
function engineStructure(doc: BuilderDocument): string {
  const structure = (s: FormSection): unknown[] => [
    s.id,
    s.repeatable ?? null,
    s.fields.map((f) => [f.id, f.path, f.widget, f.readOnly ?? false, f.computed ?? null, f.requiredWhen ?? null, f.visibleWhen ?? null]),
    childSections(s).map(structure),
  ];
  return JSON.stringify(doc.layout.pages.map((p) => p.sections.map(structure)));
}

/**
 * A live engine over the document, taking each new version of it while keeping its data; or why it cannot show it.
 * With `displayOnlySkipsEngine` (the canvas), a change of display texts only does not give the engine the new schema.
 */
export function useDocumentEngine(
  doc: BuilderDocument,
  kinds: WidgetKindRegistry,
  id: string,
  displayOnlySkipsEngine = false,
): { engine: FormEngine | null; compiled: CompiledForm | null; error: string | null } {
  // The last few documents' compiled forms (the model's cache): undoing draws the compiled form it had.
  const [cache] = useState(() => new CanvasCompileCache());
  const { schema, result } = useMemo(
    () => cache.get(doc, kinds, id),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the schema reads the document's JSON Schema and layout only
    [cache, doc.jsonSchema, doc.layout, kinds, id],
  );
  // The provider's `formLabels` (a pack): the validation messages of the canvas's engine.
  const formTexts = useContext(ApiContext)?.formLabels;
  // The schema the engine holds. A document that compiles at once gets its engine in the first render: made in a layout
  // effect, it drew the whole canvas once without it and again, synchronously, with it.
  const given = useRef<typeof schema | null>(null);
  const [engine, setEngine] = useState<FormEngine | null>(() => {
    if (!result.compiled) return null;
    given.current = schema;
    return createFormEngine(schema, { widgets: kinds, compiled: result.compiled, messages: resolveFormLabels(formTexts) });
  });
  const structure = useMemo(() => (displayOnlySkipsEngine ? engineStructure(doc) : ''), [doc, displayOnlySkipsEngine]);
  const trigger = displayOnlySkipsEngine ? `${structure}` : schema;
  const failed = result.compiled === null;
  const latest = useRef({ schema, compiled: result.compiled, formTexts });
  latest.current = { schema, compiled: result.compiled, formTexts };
  useLayoutEffect(() => {
    const { schema: current, compiled } = latest.current;
    if (!compiled) return;
    if (!engine) {
      given.current = current;
      setEngine(createFormEngine(current, { widgets: kinds, compiled, messages: resolveFormLabels(latest.current.formTexts) }));
      return;
    }
    if (given.current === current) return;
    given.current = current;
    engine.setSchema(current);
  }, [engine, trigger, doc.jsonSchema, failed, kinds]);
  // Each repeatable section shows one item.
  useEffect(() => {
    if (!engine || !result.compiled) return;
    for (const page of result.compiled.pages) {
      for (const cs of page.sections) if (cs.repeat && engine.getArrayState(cs.repeat.path).length === 0) engine.addItem(cs.repeat.path);
    }
  }, [engine, result.compiled]);
  return { engine, compiled: result.compiled, error: result.error };
}

/**
 * Which item's name is being edited in place on the canvas (a field's label, a section's or page's title), held
 * outside React's props: starting or ending an edit re-renders the one item concerned (through
 * {@link useRenaming}), not every page, section and field the canvas draws.
 */
interface RenameStore {
  /** The key ({@link renameKey}) of the item being renamed, or null. */
  current: string | null;
  /** The key of the item that takes the focus back once its box is gone (the box was left by Enter or Escape). */
  refocus: string | null;
  subscribe(listener: () => void): () => void;
  start(item: RenameItem): void;
  /** Ends the edit: with `text`, the item is renamed to it (one undo step); without, nothing changes. */
  finish(item: RenameItem, text: string | null, refocus: boolean): void;
  /** Set by the canvas on each render: renames an item (the latest document and dispatch). */
  rename(item: RenameItem, text: string): void;
}

/** An item renamed in place: its kind and id (a page, a section and a field may share an id, e.g. 'consent'). */
export type RenameItem = NonNullable<BuilderSelection>;

/** An item's key in the rename store: its kind and id. */
const renameKey = (item: RenameItem) => `${item.type}:${item.id}`;

function createRenameStore(): RenameStore {
  const listeners = new Set<() => void>();
  const set = (key: string | null) => {
    store.current = key;
    for (const listener of listeners) listener();
  };
  const store: RenameStore = {
    current: null,
    refocus: null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: (item) => set(renameKey(item)),
    finish(item, text, refocus) {
      const key = renameKey(item);
      if (store.current !== key) return;
      store.refocus = refocus ? key : null;
      set(null);
      if (text !== null) store.rename(item, text);
    },
    rename: () => {},
  };
  return store;
}

const RenameContext = createContext<RenameStore | null>(null);

/**
 * Whether the item `id` is being renamed in place. When its box goes after Enter or Escape, `item()` (the item's
 * element, drawn again by then) takes the focus back, so the keyboard goes on from the item.
 */
function useRenaming(type: RenameItem['type'], id: string, item: () => HTMLElement | null): { renaming: boolean; store: RenameStore | null } {
  const store = useContext(RenameContext);
  const subscribe = useCallback((listener: () => void) => store?.subscribe(listener) ?? (() => {}), [store]);
  const key = renameKey({ type, id });
  const renaming = useSyncExternalStore(subscribe, () => store?.current === key, () => false);
  const latestItem = useRef(item);
  latestItem.current = item;
  // Only when `renaming` changes (not on each render of a field: 300 of them re-render on some steps).
  useLayoutEffect(() => {
    if (!renaming && store?.refocus === key) {
      store.refocus = null;
      latestItem.current()?.focus();
    }
  }, [renaming, store, key]);
  return { renaming, store };
}

/**
 * How the in-place box looks: the font of the text it stands in for (a heading's or a field label's) and, over a
 * field's drawn widget, the place of that label, so the box takes the label's line without moving anything.
 */
interface NameLook {
  font: CSSProperties;
  place?: CSSProperties;
}

/** The look of a heading drawn by Mantine's `Title` at `size` ('h3', 'h4', 'h5'). */
const headingLook = (size: 'h3' | 'h4' | 'h5'): NameLook => ({
  font: {
    fontFamily: 'var(--mantine-font-family-headings)',
    fontSize: `var(--mantine-${size}-font-size)`,
    lineHeight: `var(--mantine-${size}-line-height)`,
    fontWeight: `var(--mantine-${size}-font-weight)` as CSSProperties['fontWeight'],
  },
});

/**
 * A field label's look before (or without) a drawn label measured: over the top line of the widget, out of the flow
 * from the first frame, so opening the box never pushes the widget down.
 */
const FIELD_LABEL_LOOK: NameLook = {
  font: { fontSize: 'var(--mantine-font-size-sm)', lineHeight: 'var(--mantine-line-height)', fontWeight: 500 },
  place: { position: 'absolute', top: 0, left: 0, right: 0 },
};

/**
 * Hides the label `text` drawn inside `widget` (the first text that is exactly it) and tells where it was, relative to
 * the widget's positioned parent, in its font: the in-place box goes there. The label keeps its space (hidden, not
 * removed), so nothing moves; a label that also holds the control (a checkbox's) keeps the control, only its text goes.
 * Returns null when the widget draws no such text; `restore` shows the label again.
 */
function coverLabel(widget: HTMLElement | null, text: string): { look: NameLook; restore(): void } | null {
  const wanted = text.trim();
  const frame = widget?.parentElement;
  if (!widget || !frame || !wanted) return null;
  const walker = document.createTreeWalker(widget, NodeFilter.SHOW_TEXT);
  let node: Node | null = walker.nextNode();
  while (node && node.nodeValue?.trim() !== wanted) node = walker.nextNode();
  const element = node?.parentElement;
  if (!node || !element) return null;
  const holdsControl = element.querySelector('input, select, textarea, button') !== null;
  const property = holdsControl ? 'color' : 'visibility';
  const before = element.style.getPropertyValue(property);
  element.style.setProperty(property, holdsControl ? 'transparent' : 'hidden');
  // The label's own line (its line height, not the text's glyphs); where the label also holds the control, the text's.
  const range = document.createRange();
  range.selectNodeContents(node);
  const line = element.getBoundingClientRect();
  const glyphs = typeof range.getBoundingClientRect === 'function' ? range.getBoundingClientRect() : line;
  const at = { left: glyphs.left, top: holdsControl ? glyphs.top : line.top, height: holdsControl ? glyphs.height : line.height };
  const outer = frame.getBoundingClientRect();
  const computed = getComputedStyle(element);
  const font: CSSProperties = {};
  if (computed.fontFamily) font.fontFamily = computed.fontFamily;
  if (computed.fontSize) font.fontSize = computed.fontSize;
  if (computed.fontWeight) font.fontWeight = computed.fontWeight as CSSProperties['fontWeight'];
  if (computed.lineHeight) font.lineHeight = computed.lineHeight;
  const place: CSSProperties = { position: 'absolute', top: at.top - outer.top, left: at.left - outer.left, right: 0 };
  if (at.height > 0) place.height = at.height;
  return {
    look: { font: { ...FIELD_LABEL_LOOK.font, ...font }, place },
    restore: () => {
      if (before) element.style.setProperty(property, before);
      else element.style.removeProperty(property);
    },
  };
}

/**
 * The in-place box of an item's name: it opens with the name selected; Enter or leaving it renames the item (one undo
 * step), Escape leaves the name as it was. Its keys stay its own (the canvas's arrows, Delete and the builder's Ctrl+Z
 * do not see them). It takes the place of the name it edits, in the name's font (`look`), with no border or padding
 * of its own (a ring shows it), so the line keeps its height and the text does not move when it opens or closes.
 */
function InPlaceName({ item, value, name, store, look }: { item: RenameItem; value: string; name: string; store: RenameStore; look: NameLook }) {
  const [text, setText] = useState(value);
  const { id } = item;
  return (
    <TextInput
      size="xs"
      aria-label={name}
      value={text}
      data-builder-rename={id}
      // Opened by the user's own F2 or double click, to type in.
      autoFocus
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Enter') {
          event.preventDefault();
          store.finish(item, text, true);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          store.finish(item, null, true);
        }
      }}
      onBlur={() => store.finish(item, text, false)}
      onPointerDown={(event) => event.stopPropagation()}
      onClick={(event) => event.stopPropagation()}
      style={{ position: 'relative', zIndex: 2, ...look.place }}
      styles={{
        input: {
          ...look.font,
          height: look.place?.height ?? 'auto',
          minHeight: 0,
          padding: 0,
          border: 0,
          borderRadius: 2,
          color: 'inherit',
          background: 'var(--mantine-color-body)',
          boxShadow: '0 0 0 2px var(--mantine-primary-color-filled)',
        },
      }}
    />
  );
}

interface CanvasFieldProps {
  field: FormField;
  /** The schema node of the field's path (its identity changes only when it does). */
  schemaNode: JsonValue | null;
  cf: CompiledField | undefined;
  section: FormSection;
  /** The data path the field's path is relative to ('' outside a repeatable section's items). */
  base: string;
  index: number;
  count: number;
  selected: boolean;
  lite: boolean;
  labels: Labels;
  editing: CanvasEditing | null;
  onSelect(selection: BuilderSelection): void;
}

/**
 * What a field is called on the canvas (see `fieldShownName`): its label, or its kind's name when it has none. Given by
 * the canvas, which knows the kinds; it changes only with the kinds or the texts.
 */
const FieldNameContext = createContext<(field: FormField) => string>((field) => field.label);

/**
 * One field on the canvas: the renderer's own widget (inert: it shows, it does not take input), selected by a click
 * or by Enter (focus alone does not select), dragged by pointer or keyboard (Space). Memoised on the field's own data, so selecting another field or
 * editing one re-renders only the fields concerned.
 */
const CanvasFieldBody = memo(
  function CanvasFieldBody({ field: drawn, cf: compiledField, base, index, count, selected, lite, labels, editing, onSelect, drag: sortable }: CanvasFieldProps & { drag: FieldDrag }) {
    // Its texts as the document has them now (a key typed in the property pane shows here before the canvas compiles).
    const field = useLiveField(drawn);
    const cf = useMemo(() => (compiledField && field !== drawn ? { ...compiledField, field: { ...compiledField.field, label: field.label, helpText: field.helpText, placeholder: field.placeholder } } : compiledField), [compiledField, field, drawn]);
    const shownName = useContext(FieldNameContext);
    const name = fillLabel(labels.fbFieldNamed, { name: shownName(field) });
    // A field of a repeatable section's items (or of a section inside one) shows the one item drawn.
    const itemIndex = base ? 0 : null;
    const itemBase = base ? `${base}/0` : '';
    const style = { opacity: sortable.isDragging ? 0.5 : 1 };
    const select = () => onSelect({ type: 'field', id: field.id });
    const itemRef = useRef<HTMLDivElement>(null);
    const { renaming, store } = useRenaming('field', field.id, () => itemRef.current);
    // While renamed in place, the box takes the drawn label's place (measured again if the widget is drawn anew).
    const widgetRef = useRef<HTMLDivElement>(null);
    const [look, setLook] = useState<NameLook>(FIELD_LABEL_LOOK);
    useLayoutEffect(() => {
      if (!renaming) return;
      const cover = coverLabel(widgetRef.current, field.label);
      if (!cover) return;
      setLook(cover.look);
      return () => {
        cover.restore();
        setLook(FIELD_LABEL_LOOK);
      };
    }, [renaming, cf, lite, selected, field.label]);
    return (
      <Paper
        withBorder
        p="xs"
        style={{
          ...style,
          borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
          borderWidth: selected ? 2 : 1,
          contentVisibility: 'auto',
          containIntrinsicSize: 'auto 72px',
        }}
        data-selected={selected || undefined}
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          {/*
            The widget is drawn inert and hidden from assistive technology; the item's button (select, drag) lies over
            it and holds no content, so its name 'Field {label}' is all it says: a name that had to match visible content
            inside it would spell out the whole widget (label, required mark, options, help). The menu is beside it.
          */}
          <Box style={{ flex: 1, minWidth: 0, position: 'relative' }}>
            {renaming && store && <InPlaceName item={{ type: 'field', id: field.id }} value={field.label} name={labels.bpLabel} store={store} look={look} />}
            <Box ref={widgetRef} inert aria-hidden style={LITE_VARIABLES}>
              {cf ? <Field cf={cf} itemBase={itemBase} itemIndex={itemIndex} lite={lite && !selected} /> : <Text fw={500}>{field.label}</Text>}
            </Box>
            <Box
              data-builder-item=""
              data-builder-key={field.id}
              data-builder-kind="field"
              data-builder-field={field.id}
              {...sortable.attributes}
              {...(editing ? sortable.listeners : {})}
              role="button"
              tabIndex={-1}
              aria-roledescription={editing ? sortable.attributes['aria-roledescription'] : undefined}
              aria-pressed={selected}
              aria-label={name}
              ref={itemRef}
              onClick={select}
              onDoubleClick={() => {
                if (!editing) return;
                select();
                store?.start({ type: 'field', id: field.id });
              }}
              onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
                if (event.target !== event.currentTarget) return;
                if (editing) sortable.listeners?.onKeyDown?.(event);
              }}
              style={{ position: 'absolute', inset: 0, zIndex: 1, borderRadius: 'var(--mantine-radius-sm)', cursor: editing ? 'grab' : 'pointer' }}
            />
          </Box>
          {editing && (
            <ItemMenu
              itemKey={field.id}
              name={name}
              labels={labels}
              first={index === 0}
              last={index === count - 1}
              onUp={() => editing.dispatch({ type: 'moveFieldBy', id: field.id, delta: -1 })}
              onDown={() => editing.dispatch({ type: 'moveFieldBy', id: field.id, delta: 1 })}
              onMoveTo={() => editing.onMoveTo(field.id)}
              onDuplicate={() => editing.dispatch({ type: 'duplicate', id: field.id, kind: 'field' })}
              onDelete={() => editing.onDelete(field.id, 'field')}
            />
          )}
        </Group>
      </Paper>
    );
  },
  (a, b) => sameFieldProps(a, b) && a.drag === b.drag,
);

/** Whether a canvas field shows the same: memoised on the field's own data, not the compiled form's identity. */
function sameFieldProps(a: CanvasFieldProps, b: CanvasFieldProps): boolean {
  return (
    a.field === b.field &&
    a.schemaNode === b.schemaNode &&
    a.section.id === b.section.id &&
    a.base === b.base &&
    // Its place shows only as whether it is the first or the last of its section (the menu's move up / down): a
    // field added, moved or taken out of a section redraws the fields whose end changed, not every field after it.
    (a.index === 0) === (b.index === 0) &&
    (a.index === a.count - 1) === (b.index === b.count - 1) &&
    a.selected === b.selected &&
    a.lite === b.lite &&
    a.labels === b.labels &&
    a.editing === b.editing &&
    a.onSelect === b.onSelect &&
    !!a.cf === !!b.cf
  );
}

/** What of the drag state a field's body uses: it changes only when the field's own drag state does. */
interface FieldDrag {
  attributes: LazyDrag['attributes'];
  listeners: LazyDrag['listeners'];
  isDragging: boolean;
}

/**
 * The draggable shell of a canvas field: a plain element, a dnd-kit draggable only once a pointer or key went down on
 * it (`useLazyDraggable`), so a drag's start, its passing into another section's list and its drop render the dragged
 * field's shell only, not every field's. The place inside a list is drawn on this element by the collision
 * detection's `dragPlaces` (see `collisions.ts`) without any render. The field itself (Mantine paper, widget, menu) is
 * a memoised body that re-renders only when the field, its selection or its own drag state changes. Its fields stay
 * in place during a drag: the overlay follows the pointer and a line shows where the drop puts it.
 */
const CanvasField = memo(function CanvasField(props: CanvasFieldProps) {
  const { field, section, editing } = props;
  const data = useMemo<DropData>(() => ({ type: 'field', sectionId: section.id }), [section.id]);
  const node = useRef<HTMLDivElement | null>(null);
  const { attributes, listeners, isDragging, registration } = useLazyDraggable({ id: field.id, data, disabled: !editing, node });
  const drag = useMemo<FieldDrag>(() => ({ attributes, listeners, isDragging }), [attributes, listeners, isDragging]);
  // Drawn in place of its focused stand-in (whose removal left the focus nowhere): the focus comes here.
  useLayoutEffect(() => {
    if (focusOnMount !== field.id) return;
    focusOnMount = null;
    if (!document.activeElement || document.activeElement === document.body) node.current?.querySelector<HTMLElement>('[data-builder-item]')?.focus({ preventScroll: true });
  }, [field.id]);
  return (
    <div ref={node} data-builder-place={field.id}>
      {registration}
      <CanvasFieldBody {...props} drag={drag} />
    </div>
  );
}, sameFieldProps);

interface ItemMenuProps {
  /** The id of the item it belongs to: the canvas's arrow keys go between the item and its menu button. */
  itemKey: string;
  name: string;
  labels: Labels;
  first: boolean;
  last: boolean;
  onUp(): void;
  onDown(): void;
  onMoveTo?: () => void;
  /** A section's "Add section inside"; with `addInsideRefused`, shown disabled with that reason. */
  onAddInside?: () => void;
  addInsideRefused?: string | null;
  onDuplicate(): void;
  onDelete(): void;
}

/**
 * The non-drag alternatives of an item: move up, move down, move to…, duplicate, delete. Memoised on what it shows:
 * during a drag every sortable item re-renders on each pointer move, and 300 Mantine menus would re-render with them.
 * Its callbacks name the item by its id, which stays, so one from an earlier render does the same.
 */
const ItemMenu = memo(function ItemMenu({ itemKey, name, labels, first, last, onUp, onDown, onMoveTo, onAddInside, addInsideRefused, onDuplicate, onDelete }: ItemMenuProps) {
  // The menu itself (popover, transition, portal) is mounted on the first open only: a long form draws hundreds of
  // items, and their menus were most of the cost of drawing a section. Until then the button alone stands here.
  const [used, setUsed] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={fillLabel(labels.fbActionsFor, { name })}
      aria-haspopup="menu"
      aria-expanded={opened}
      // Not a tab stop of its own: the canvas has one, and the Right arrow from the item reaches this button.
      tabIndex={-1}
      data-builder-menu={itemKey}
      onClick={(e) => {
        e.stopPropagation();
        if (!used) {
          setUsed(true);
          setOpened(true);
        }
      }}
      // The canvas's moving keys go on to the canvas; the others stay with the button.
      onKeyDown={(e) => {
        if (!CANVAS_MOVE_KEYS.has(e.key)) e.stopPropagation();
      }}
      onPointerDown={(e) => e.stopPropagation()}
    >
      ⋮
    </ActionIcon>
  );
  if (!used) return button;
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
        <Menu.Item onClick={onUp} disabled={first && false}>
          {labels.fbMoveUp}
        </Menu.Item>
        <Menu.Item onClick={onDown} disabled={last && false}>
          {labels.fbMoveDown}
        </Menu.Item>
        {onMoveTo && <Menu.Item onClick={onMoveTo}>{labels.fbMoveTo}</Menu.Item>}
        {onAddInside && (
          <Menu.Item onClick={onAddInside} disabled={!!addInsideRefused}>
            {addInsideRefused ? fillLabel(labels.fbMoveToRefused, { name: labels.fbAddSectionInside, reason: addInsideRefused }) : labels.fbAddSectionInside}
          </Menu.Item>
        )}
        <Menu.Item onClick={onDuplicate}>{labels.fbDuplicate}</Menu.Item>
        <Menu.Item color="red" onClick={onDelete}>
          {labels.fbDelete}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
},
(a, b) =>
  a.itemKey === b.itemKey &&
  a.name === b.name &&
  a.labels === b.labels &&
  a.first === b.first &&
  a.last === b.last &&
  !a.onMoveTo === !b.onMoveTo &&
  !a.onAddInside === !b.onAddInside &&
  a.addInsideRefused === b.addInsideRefused,
);

/** The reason, in the builder's labels, why a section cannot go somewhere. */
export function sectionPlaceReason(problem: SectionPlaceProblem, labels: Labels): string {
  if (problem === 'tooDeep') return fillLabel(labels.fbCannotTooDeep, { max: FORM_LIMITS.maxSectionDepth });
  if (problem === 'repeatInRepeat') return labels.fbCannotRepeatInRepeat;
  return labels.fbCannotIntoItself;
}

/** Whether a section, or a section inside it, is the item with this id or holds the field with it. */
function holdsItem(section: FormSection, id: string): boolean {
  return sectionTree(section).some((s) => s.id === id || s.fields.some((f) => f.id === id));
}

interface CanvasSectionProps {
  doc: BuilderDocument;
  pageId: string;
  section: FormSection;
  index: number;
  count: number;
  /** 1 for a page's own section, one more for each section around it: its heading is one level down per level. */
  depth: number;
  /** The section it sits in, or null for a page's own section. */
  parentId: string | null;
  /** The data path its fields' paths are relative to ('' outside a repeatable section's items). */
  base: string;
  compiledFields: ReadonlyMap<string, CompiledField>;
  /** The selected id when it is this section, a section inside it or a field of one of them, else null. */
  selectedId: string | null;
  lite: boolean;
  labels: Labels;
  editing: CanvasEditing | null;
  onSelect(selection: BuilderSelection): void;
  /** The sections far from the view on a long form: their fields are drawn as {@link FieldStandIn}s. */
  farIds: ReadonlySet<string>;
}

/**
 * One section of the canvas with its fields, then the sections inside it (indented, their headings one level down,
 * as the renderer shows them), each with its own drop zones and menu. Memoised: a selection re-renders only the
 * sections that held the old or hold the new selection (and those around them), and an edit only the sections whose
 * field (or the schema) changed.
 */
const CanvasSectionBody = memo(function CanvasSectionBody(props: CanvasSectionProps & SectionDrag) {
  const { doc, pageId, section, index, count, depth, base, compiledFields, selectedId, lite, labels, editing, onSelect, farIds, sortable, drop } = props;
  const selected = selectedId === section.id;
  const windowed = farIds.has(section.id);
  const title = section.title || labels.fbUntitledSection;
  const name = fillLabel(labels.fbSectionNamed, { name: title });
  const inner = childSections(section);
  // Adding a plain section inside is refused only by the number of levels.
  const addInsideRefused = depth >= FORM_LIMITS.maxSectionDepth ? fillLabel(labels.fbCannotTooDeep, { max: FORM_LIMITS.maxSectionDepth }) : null;
  const handleRef = useRef<HTMLButtonElement>(null);
  const { renaming, store } = useRenaming('section', section.id, () => handleRef.current);
  return (
    <Paper
      ref={sortable.setNodeRef}
      data-builder-section={section.id}
      data-builder-depth={depth}
      withBorder
      p="sm"
      radius="md"
      style={{
        // What a section draws stays inside it (its own drop line, a shadow, is not clipped): a key typed in one
        // field's label lays out and paints that section only, and the browser sorts fewer pieces into layers.
        contain: 'layout paint style',
        boxShadow: sortable.line ? SECTION_LINE[sortable.line] : undefined,
        borderStyle: section.repeatable ? 'dashed' : undefined,
        borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
        borderWidth: selected ? 2 : 1,
      }}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Group gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
          {editing && (
            <ActionIcon
              variant="subtle"
              color="gray"
              {...sortable.attributes}
              {...sortable.listeners}
              ref={handleRef}
              tabIndex={-1}
              aria-label={name}
              aria-pressed={selected}
              data-builder-item=""
              data-builder-key={section.id}
              data-builder-kind="section"
              // A pointer's click selects (Enter is the canvas's; a click Space would make is the drag's).
              onClick={(event: MouseEvent) => {
                if (event.detail > 0) onSelect({ type: 'section', id: section.id });
              }}
            >
              ⠿
            </ActionIcon>
          )}
          {/* The repeat note stays outside the title's button: the button's name holds all the text inside it. */}
          <Box style={{ flex: 1, minWidth: 0 }}>
            {renaming && store ? (
              <InPlaceName item={{ type: 'section', id: section.id }} value={section.title} name={labels.fbSectionTitle} store={store} look={headingLook(depth > 1 ? 'h5' : 'h4')} />
            ) : (
            <Box
              component="button"
              type="button"
              onClick={() => onSelect({ type: 'section', id: section.id })}
              onDoubleClick={() => {
                if (!editing) return;
                onSelect({ type: 'section', id: section.id });
                store?.start({ type: 'section', id: section.id });
              }}
              className="mantine-focus-auto"
              style={{ background: 'none', border: 0, padding: 0, margin: 0, font: 'inherit', color: 'inherit', textAlign: 'inherit', cursor: 'pointer', display: 'block' }}
              aria-label={editing ? undefined : name}
              aria-pressed={editing ? undefined : selected}
              tabIndex={-1}
              // Without the drag handle (a user who may not edit), the title is the section's item.
              data-builder-item={editing ? undefined : ''}
              data-builder-key={editing ? undefined : section.id}
              data-builder-kind={editing ? undefined : 'section'}
            >
              {/* The page's title is a level 2 heading; a page's own section level 3, each section inside one level down. */}
              <Title order={Math.min(6, depth + 2) as TitleOrder} size={depth > 1 ? 'h5' : 'h4'}>
                {title}
              </Title>
            </Box>
            )}
            {section.repeatable && (
              <Text size="sm">{fillLabel(labels.fbRepeats, { path: section.repeatable.path })}</Text>
            )}
          </Box>
        </Group>
        {editing && (
          <ItemMenu
            itemKey={section.id}
            name={name}
            labels={labels}
            first={index === 0}
            last={index === count - 1}
            onUp={() => editing.dispatch({ type: 'moveSectionBy', id: section.id, delta: -1 })}
            onDown={() => editing.dispatch({ type: 'moveSectionBy', id: section.id, delta: 1 })}
            onMoveTo={() => editing.onMoveTo(section.id)}
            onAddInside={editing.onAddSectionInside ? () => editing.onAddSectionInside?.(section.id) : undefined}
            addInsideRefused={addInsideRefused}
            onDuplicate={() => editing.dispatch({ type: 'duplicate', id: section.id, kind: 'section' })}
            onDelete={() => editing.onDelete(section.id, 'section')}
          />
        )}
      </Group>
      {/* The section's list of fields: one droppable; the place inside it is found from its fields' boxes. */}
      <Stack ref={drop.setNodeRef} gap="xs" mih={48} style={{ borderRadius: 4 }}>
          {section.fields.length === 0 && <Text size="sm">{labels.fbSectionEmpty}</Text>}
          {section.fields.map((field, i) => windowed ? (
            <FieldStandIn key={field.id} field={field} labels={labels} onSelect={onSelect} />
          ) : (
            <CanvasField
              key={field.id}
              field={field}
              schemaNode={fieldSchema(doc, section, field)}
              cf={compiledFields.get(field.id)}
              section={section}
              base={base}
              index={i}
              count={section.fields.length}
              selected={selectedId === field.id}
              lite={lite}
              labels={labels}
              editing={editing}
              onSelect={onSelect}
            />
          ))}
      </Stack>
      {(inner.length > 0 || editing) && (
        // The sections inside: indented in the section's frame, after its fields.
        <Stack gap="sm" mt={inner.length > 0 ? 'sm' : 0} ml="md">
            {inner.map((child, i) => (
              <CanvasSection
                key={child.id}
                doc={doc}
                pageId={pageId}
                section={child}
                index={i}
                count={inner.length}
                depth={depth + 1}
                parentId={section.id}
                base={child.repeatable ? child.repeatable.path : base}
                compiledFields={compiledFields}
                selectedId={selectedId !== null && holdsItem(child, selectedId) ? selectedId : null}
                lite={lite}
                labels={labels}
                editing={editing}
                onSelect={onSelect}
                farIds={farIds}
              />
            ))}
          {editing && <NestDrop sectionId={section.id} depth={depth} inRepeat={base !== ''} />}
        </Stack>
      )}
    </Paper>
  );
},
// The compiled fields follow every edit; a section's fields only need to know whether there are any (each field reads
// its own when its section re-renders for it), and the schema only through the nodes of its own and inner fields.
(a, b) => sameSectionProps(a, b) && a.sortable === b.sortable && a.drop === b.drop,
);

/** Whether a section shows the same (see the note above its body's memo). */
function sameSectionProps(a: CanvasSectionProps, b: CanvasSectionProps): boolean {
  return (
    a.section === b.section &&
    a.pageId === b.pageId &&
    a.index === b.index &&
    a.count === b.count &&
    a.depth === b.depth &&
    a.parentId === b.parentId &&
    a.base === b.base &&
    a.selectedId === b.selectedId &&
    a.lite === b.lite &&
    a.labels === b.labels &&
    a.editing === b.editing &&
    a.onSelect === b.onSelect &&
    (a.compiledFields === b.compiledFields || (a.compiledFields.size > 0) === (b.compiledFields.size > 0)) &&
    (a.farIds === b.farIds || sectionTree(a.section).every((s) => a.farIds.has(s.id) === b.farIds.has(s.id))) &&
    (a.doc.jsonSchema === b.doc.jsonSchema || sectionTree(a.section).every((s) => s.fields.every((f) => fieldSchema(a.doc, s, f) === fieldSchema(b.doc, s, f))))
  );
}

/** What of dnd-kit's state a section's body uses (its transform as CSS): it changes only with the section's own. */
interface SectionDrag {
  sortable: Pick<LazyDrag, 'attributes' | 'listeners'> & {
    setNodeRef(element: HTMLElement | null): void;
    /** A section dragged onto this one takes its place: a line before it, or after it when it comes from above. */
    line: 'before' | 'after' | null;
  };
  drop: Pick<ReturnType<typeof useDroppable>, 'setNodeRef'>;
}

/**
 * The sortable and droppable shell of a section. Like a field's, it reads no dnd-kit context itself, so a drag's
 * steps do not draw it: its drag handle is a dnd-kit draggable only once a pointer or key went down on it
 * (`useLazyDraggable`); the list of its fields is a droppable registered by a child that draws nothing (it renders
 * again on each step of a drag, the section does not); and the section as a place for another section is a droppable
 * only while a section is dragged, whose line is the one thing it draws again. Only what changed
 * for this section reaches its memoised body (title, menu, the list of its fields). Its drag data says where it may go
 * (see `sectionMayGo` in the model): its level, its sections, whether it holds a repeatable section.
 */
const CanvasSection = memo(function CanvasSection(props: CanvasSectionProps) {
  const { pageId, section, editing, depth, parentId, base } = props;
  const data = useMemo<DropData>(() => ({ ...sectionDropData(section, { pageId, parentId, depth, base }), index: props.index }), [section, pageId, parentId, depth, base, props.index]);
  const node = useRef<HTMLElement | null>(null);
  const { attributes, listeners, isDragging, registration } = useLazyDraggable({ id: section.id, data, disabled: !editing, node });
  const setNodeRef = useCallback((element: HTMLElement | null) => {
    node.current = element;
  }, []);
  const list = useRef<HTMLElement | null>(null);
  const listData = useMemo(() => ({ type: 'section-drop', sectionId: section.id }), [section.id]);
  const setListRef = useCallback((element: HTMLElement | null) => {
    list.current = element;
  }, []);
  const sectionDrag = useContext(SectionDragContext);
  // Where a section dragged onto this one goes (as the model's move does): in its place, so after it when it comes
  // from above in the same list, else before it. Nothing on the canvas moves until the drop.
  const [over, setOver] = useState<OverData>(null);
  const onto = over === 'other' ? null : over;
  const sameList = onto?.type === 'section' && onto.pageId === pageId && (onto.parentId ?? null) === parentId;
  const line = sectionDrag && over !== null && !isDragging ? (sameList && (onto?.index ?? -1) < props.index ? 'after' : 'before') : null;
  const shell = useMemo<SectionDrag['sortable']>(() => ({ setNodeRef, attributes, listeners, line }), [setNodeRef, attributes, listeners, line]);
  const zone = useMemo<SectionDrag['drop']>(() => ({ setNodeRef: setListRef }), [setListRef]);
  return (
    <>
      {registration}
      {editing && <DropRegistration id={`drop:${section.id}`} data={listData} node={list} />}
      {editing && sectionDrag && <DropRegistration id={section.id} data={data} node={node} onOver={setOver} />}
      <CanvasSectionBody {...props} sortable={shell} drop={zone} />
    </>
  );
}, sameSectionProps);

/** What is over a drop target: the dragged item's data ('other' when it has none), or null. */
type OverData = DropData | 'other' | null;

/**
 * A dnd-kit droppable over `node`, registered by this child that draws nothing: it renders on each step of a drag, the
 * element it registers does not. With `onOver`, it tells what is over it ({@link OverData}), and null once unmounted.
 */
function DropRegistration({ id, data, node, onOver }: { id: string; data: Parameters<typeof useDroppable>[0]['data']; node: RefObject<HTMLElement | null>; onOver?: (over: OverData) => void }) {
  const { setNodeRef, isOver, active } = useDroppable({ id, data });
  useLayoutEffect(() => setNodeRef(node.current));
  const over: OverData = isOver ? ((active?.data.current as DropData | undefined) ?? 'other') : null;
  useLayoutEffect(() => onOver?.(over), [onOver, over]);
  useLayoutEffect(() => () => onOver?.(null), [onOver]);
  return null;
}

/** The line a section dragged onto another draws on it (see the section's shell). */
const SECTION_LINE = {
  before: '0 -6px 0 -2px var(--mantine-primary-color-filled)',
  after: '0 6px 0 -2px var(--mantine-primary-color-filled)',
} as const;

/**
 * Whether a section is being dragged. dnd-kit's public context changes on every pointer move of a drag; read once here
 * (by {@link DragKindProvider}), the sections and drop zones that only need to know whether a section is moving
 * re-render when a section's drag starts and ends, not on each move, and not at all for a field's drag.
 */
const SectionDragContext = createContext(false);

/**
 * Provides {@link SectionDragContext} and tells `onDragging` when any drag starts and ends: its own re-render on each
 * move passes the same children and value on.
 */
function DragKindProvider({ children, onDragging }: { children: ReactNode; onDragging(dragging: boolean): void }) {
  const active = useDndContext().active;
  const dragging = active !== null;
  const sectionDrag = (active?.data.current as DropData | undefined)?.type === 'section';
  useLayoutEffect(() => onDragging(dragging), [dragging, onDragging]);
  return <SectionDragContext value={sectionDrag}>{children}</SectionDragContext>;
}

/** A drop zone's strip, memoised on its own drop state (the droppable's shell re-renders with dnd-kit's context). */
const DropStrip = memo(function DropStrip({ setNodeRef, isOver, nest, minHeight, children }: { setNodeRef(node: HTMLElement | null): void; isOver: boolean; nest?: string; minHeight: number; children?: ReactNode }) {
  return (
    <Box
      ref={setNodeRef}
      data-builder-nest={nest}
      mih={minHeight}
      aria-hidden={nest ? true : undefined}
      style={{ outline: isOver ? '2px dashed var(--mantine-primary-color-filled)' : undefined, borderRadius: 4 }}
    >
      {children}
    </Box>
  );
});

/**
 * A drop target of section drags only (the end of a page, of a section's sections): a dnd-kit droppable only while a
 * section is dragged. `useDroppable` reads dnd-kit's context, which changes as a drag starts, passes from place to
 * place and ends; registered in a child that draws nothing, and only during a section drag, these strips (one per
 * page and per section) render nothing again during a field's drag.
 */
function useSectionDropZone(id: string, data: Record<string, unknown>): { setNodeRef(element: HTMLElement | null): void; isOver: boolean; zone: ReactNode } {
  const sectionDrag = useContext(SectionDragContext);
  const node = useRef<HTMLElement | null>(null);
  const [over, setOver] = useState<OverData>(null);
  const setNodeRef = useCallback((element: HTMLElement | null) => {
    node.current = element;
  }, []);
  return { setNodeRef, isOver: sectionDrag && over !== null, zone: sectionDrag ? <DropRegistration id={id} data={data} node={node} onOver={setOver} /> : null };
}

/**
 * The end of a section's sections, where a dragged section goes inside it (one level down). Only a section drag may
 * land here, and only one that may go there (see `sectionMayGo` in the model).
 */
const NestDrop = memo(function NestDrop({ sectionId, depth, inRepeat }: { sectionId: string; depth: number; inRepeat: boolean }) {
  const data = useMemo(() => ({ type: 'nest-drop', sectionId, depth, inRepeat }), [sectionId, depth, inRepeat]);
  const drop = useSectionDropZone(`nest:${sectionId}`, data);
  return (
    <>
      <DropStrip setNodeRef={drop.setNodeRef} isOver={drop.isOver} nest={sectionId} minHeight={12} />
      {drop.zone}
    </>
  );
});

/**
 * The end of a page, where a dragged section can be dropped (after the page's last section, or onto a page that has
 * none). Fields are not dropped here: pages hold sections (while a field moves, the keyboard does not stop here).
 */
const PageDrop = memo(function PageDrop({ pageId, empty, labels }: { pageId: string; empty: boolean; labels: Labels }) {
  const data = useMemo(() => ({ type: 'page-drop', pageId }), [pageId]);
  const drop = useSectionDropZone(`page-drop:${pageId}`, data);
  return (
    <>
      <DropStrip setNodeRef={drop.setNodeRef} isOver={drop.isOver} minHeight={empty ? 48 : 12}>
        {empty ? <PageEmpty text={labels.fbPageEmpty} /> : null}
      </DropStrip>
      {drop.zone}
    </>
  );
});

const PageEmpty = memo(function PageEmpty({ text }: { text: string }) {
  return <Text size="sm">{text}</Text>;
});

/** The keys the canvas moves the focus with: an item's menu button lets them through to the canvas. */
const CANVAS_MOVE_KEYS: ReadonlySet<string> = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'Home', 'End']);

/** What an item of the canvas is, read from its element (`data-builder-kind`, `data-builder-key`). */
function selectionOf(item: HTMLElement): BuilderSelection {
  const id = item.dataset.builderKey ?? '';
  const kind = item.dataset.builderKind;
  return kind === 'page' ? { type: 'page', id } : kind === 'section' ? { type: 'section', id } : { type: 'field', id };
}

/** The item (or the menu button) of an id inside the canvas (compared by value: ids are not escaped into a selector). */
function byKey(root: HTMLElement, attribute: 'item' | 'menu', key: string): HTMLElement | null {
  const all = root.querySelectorAll<HTMLElement>(attribute === 'item' ? '[data-builder-item]' : '[data-builder-menu]');
  for (const element of all) if ((attribute === 'item' ? element.dataset.builderKey : element.dataset.builderMenu) === key) return element;
  return null;
}

/**
 * The canvas's one tab stop (a roving tabindex): every item renders with `tabIndex={-1}`, and the one last focused
 * (else the selected one, else the first) has 0. Kept on the elements themselves, not in state: moving the focus
 * re-renders nothing. React leaves the attribute alone while an item's own prop (-1) does not change.
 */
function useRovingStop(root: RefObject<HTMLElement | null>, selectedKey: string | null) {
  const stop = useRef<HTMLElement | null>(null);
  const selected = useRef(selectedKey);
  selected.current = selectedKey;
  const setStop = useCallback((element: HTMLElement) => {
    if (stop.current === element && element.tabIndex === 0) return;
    if (stop.current && stop.current !== element) stop.current.tabIndex = -1;
    element.tabIndex = 0;
    stop.current = element;
  }, []);
  const ensure = useCallback(() => {
    const canvas = root.current;
    if (!canvas) return;
    const current = stop.current;
    if (current && current.tabIndex === 0 && canvas.contains(current)) return;
    const pick = (selected.current ? byKey(canvas, 'item', selected.current) : null) ?? canvas.querySelector<HTMLElement>('[data-builder-item]');
    if (pick) setStop(pick);
  }, [root, setStop]);
  useLayoutEffect(ensure);
  useEffect(() => {
    const canvas = root.current;
    if (!canvas) return;
    // Items drawn anew (a move, an undo, a section drawn in full) may take the stop with them.
    const observer = new MutationObserver(ensure);
    observer.observe(canvas, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [root, ensure]);
  return setStop;
}

/** Props of {@link BuilderCanvas}. */
export interface BuilderCanvasProps {
  doc: BuilderDocument;
  /**
   * The latest document's fields, when `doc` may lag behind it: each field shows its display texts from there (a key
   * typed in its label re-renders that field only). Without it, the fields show `doc`'s texts.
   */
  liveTexts?: LiveTexts;
  selection: BuilderSelection;
  kinds: WidgetKindRegistry;
  widgets: FormWidgets;
  labels: Labels;
  editing: CanvasEditing | null;
  onSelect(selection: BuilderSelection): void;
  /**
   * Enter on the selected item: the user goes to its label (or title) in the property pane. (F2 or a double click
   * edits it in place on the canvas.)
   */
  onEditLabel?: (selection: NonNullable<BuilderSelection>) => void;
  /** Shown when the form has no field yet (the templates to start from). */
  empty?: ReactNode;
}

const NO_FIELDS: ReadonlyMap<string, CompiledField> = new Map();

/** Over this many fields, fields not selected show the renderer's light controls (as a long public form mounts). */
const LITE_THRESHOLD = 60;

const NO_SECTIONS: ReadonlySet<string> = new Set();

/**
 * The sections within a screen's height of the view, for a long form (over {@link LITE_THRESHOLD} fields): only
 * these draw their fields' widgets; the others draw stand-ins (opening a 300-field form mounted 300 widgets, and every
 * step of a drag re-rendered 300 sortable items). Followed with an IntersectionObserver; a change is a transition, so
 * scrolling or typing is never held up by the fields it brings into view.
 */
function useNearSections(
  root: RefObject<HTMLElement | null>,
  enabled: boolean,
  layout: BuilderDocument['layout'],
): { near: ReadonlySet<string>; onDragging(dragging: boolean): void } {
  const [near, setNear] = useState<ReadonlySet<string>>(NO_SECTIONS);
  // While a drag is on, the sections it scrolls near are not drawn until it ends: drawing one mounts its twenty
  // widgets and registers their sortables, which makes dnd-kit measure every drop target again mid-drag. A section
  // drawn with stand-ins still takes a drop (its drop zone).
  const dragging = useRef(false);
  const pending = useRef<ReadonlySet<string> | null>(null);
  const onDragging = useCallback((on: boolean) => {
    dragging.current = on;
    const next = pending.current;
    if (on || !next) return;
    pending.current = null;
    startTransition(() => setNear(next));
  }, []);
  // The sections to watch (nested ones too) change only with the outline, not with every edit.
  const key = useMemo(() => (enabled ? Array.from(layoutSectionEntries(layout), (e) => `${e.pageIndex}:${e.section.id}`).join(',') : ''), [enabled, layout]);
  useEffect(() => {
    const canvas = root.current;
    if (!key || !canvas) return;
    const inView = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = (entry.target as HTMLElement).dataset.builderSection ?? '';
          // A section that holds the focus (an item's menu button, say) stays drawn: its stand-ins would drop the focus.
          if (entry.isIntersecting || entry.target.contains(document.activeElement)) inView.add(id);
          else inView.delete(id);
        }
        const next = new Set(inView);
        if (dragging.current) pending.current = next;
        else startTransition(() => setNear(next));
      },
      { rootMargin: '100% 0px' },
    );
    for (const element of canvas.querySelectorAll<HTMLElement>('[data-builder-section]')) observer.observe(element);
    return () => observer.disconnect();
  }, [root, key]);
  return { near, onDragging };
}

/** The field whose stand-in had the focus when its section was drawn in full: its real item takes the focus over. */
let focusOnMount: string | null = null;

/** Tells the canvas that a stand-in took the focus: its section is drawn in full (a stable callback). */
const StandInFocusContext = createContext<(fieldId: string) => void>(() => {});

/**
 * A field of a section far from the view on a long form: its name in a box of about a field's height, with no widget,
 * menu or sortable. It is an item of the canvas like the others — named, selected by a click or Enter, passed through
 * with the arrow keys — so every field stays reachable by keyboard; focused or selected, its section is drawn in full,
 * and the focus moves to the real item. 'Move to…' and the property pane reach any field anyway.
 */
const FieldStandIn = memo(function FieldStandIn({ field: drawn, labels, onSelect }: { field: FormField; labels: Labels; onSelect(selection: BuilderSelection): void }) {
  const field = useLiveField(drawn);
  const onStandInFocus = useContext(StandInFocusContext);
  const name = useContext(FieldNameContext)(field);
  return (
    <div
      data-builder-place={field.id}
      style={{
        minHeight: 72,
        boxSizing: 'border-box',
        padding: 'var(--mantine-spacing-xs)',
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-default)',
      }}
    >
      <div
        data-builder-item=""
        data-builder-key={field.id}
        data-builder-kind="field"
        role="button"
        tabIndex={-1}
        aria-pressed={false}
        aria-label={fillLabel(labels.fbFieldNamed, { name })}
        onClick={() => onSelect({ type: 'field', id: field.id })}
        onFocus={(event) => {
          // Focused (by the arrow keys), it is scrolled into view, its section is drawn in full, and the focus moves
          // to the real item; the focus does not select it.
          if (event.target !== event.currentTarget) return;
          focusOnMount = field.id;
          onStandInFocus(field.id);
        }}
        style={{ cursor: 'pointer', fontWeight: 500 }}
      >
        {name}
      </div>
    </div>
  );
});

interface CanvasPageProps {
  doc: BuilderDocument;
  page: BuilderDocument['layout']['pages'][number];
  index: number;
  pageCount: number;
  selected: boolean;
  compiledFields: ReadonlyMap<string, CompiledField>;
  /** The item selected, when this page holds it. */
  selectedItem: string | null;
  lite: boolean;
  labels: Labels;
  editing: CanvasEditing | null;
  onSelect(selection: BuilderSelection): void;
  farIds: ReadonlySet<string>;
}

/**
 * Props equal for a page: as shallow equality, but the far sections compared for this page's sections only (as a
 * section compares its own): a new set for every selection would otherwise draw every page again.
 */
function sameCanvasPageProps(a: CanvasPageProps, b: CanvasPageProps): boolean {
  for (const key of Object.keys(a) as (keyof CanvasPageProps)[]) if (key !== 'farIds' && a[key] !== b[key]) return false;
  return a.farIds === b.farIds || a.page.sections.every((top) => sectionTree(top).every((s) => a.farIds.has(s.id) === b.farIds.has(s.id)));
}

/**
 * One page of the canvas: its title, menu, sections and the drop strip at its end. Memoised: a selection re-renders
 * the pages that held or hold it, not the others (their titles, menus and sortable contexts).
 */
const CanvasPage = memo(function CanvasPage({ doc, page, index: p, pageCount, selected, compiledFields, selectedItem, lite, labels, editing, onSelect, farIds }: CanvasPageProps) {
  const name = fillLabel(labels.fbPageNamed, { name: page.title || String(p + 1) });
  const itemRef = useRef<HTMLButtonElement>(null);
  const { renaming, store } = useRenaming('page', page.id, () => itemRef.current);
  return (
    <Stack gap="sm" component="section" aria-label={name} data-builder-page={page.id}>
      <Group justify="space-between" wrap="nowrap">
        {renaming && store ? (
          <Box style={{ flex: 1 }}>
            <InPlaceName item={{ type: 'page', id: page.id }} value={page.title} name={labels.fbPageTitle} store={store} look={headingLook('h3')} />
          </Box>
        ) : (
        <Box
          ref={itemRef}
          component="button"
          type="button"
          data-builder-item=""
          data-builder-key={page.id}
          data-builder-kind="page"
          tabIndex={-1}
          onClick={() => onSelect({ type: 'page', id: page.id })}
          onDoubleClick={() => {
            if (!editing) return;
            onSelect({ type: 'page', id: page.id });
            store?.start({ type: 'page', id: page.id });
          }}
          aria-pressed={selected}
          className="mantine-focus-auto"
          style={{ background: 'none', border: 0, padding: 0, margin: 0, font: 'inherit', color: 'inherit', textAlign: 'inherit', cursor: 'pointer', flex: 1, outline: selected ? '2px solid var(--mantine-primary-color-filled)' : undefined, borderRadius: 4 }}
        >
          <Title order={2} size="h3">
            {page.title || name}
          </Title>
        </Box>
        )}
        {editing && (
          <ItemMenu
            itemKey={page.id}
            name={name}
            labels={labels}
            first={p === 0}
            last={p === pageCount - 1}
            onUp={() => editing.dispatch({ type: 'movePageBy', id: page.id, delta: -1 })}
            onDown={() => editing.dispatch({ type: 'movePageBy', id: page.id, delta: 1 })}
            onDuplicate={() => editing.dispatch({ type: 'duplicate', id: page.id, kind: 'page' })}
            onDelete={() => editing.onDelete(page.id, 'page')}
          />
        )}
      </Group>
        {page.sections.map((section, s) => (
          <CanvasSection
            key={section.id}
            doc={doc}
            pageId={page.id}
            section={section}
            index={s}
            count={page.sections.length}
            depth={1}
            parentId={null}
            base={section.repeatable?.path ?? ''}
            compiledFields={compiledFields}
            selectedId={selectedItem !== null && holdsItem(section, selectedItem) ? selectedItem : null}
            lite={lite}
            labels={labels}
            editing={editing}
            onSelect={onSelect}
            farIds={farIds}
          />
        ))}
      {editing && <PageDrop pageId={page.id} empty={page.sections.length === 0} labels={labels} />}
    </Stack>
  );
}, sameCanvasPageProps);

/**
 * The canvas: the form as the renderer shows it — the same widgets, through the same `Field` component over a live
 * engine — with every page, section and field selectable and movable.
 */
// Memoised: the builder's screen renders again for its own state (a deferred selection for the property pane, a
// status, a dialog), which the canvas does not show.
export const BuilderCanvas = memo(function BuilderCanvas({ doc, liveTexts, selection, kinds, widgets, labels, editing, onSelect, onEditLabel, empty }: BuilderCanvasProps) {
  const { engine, compiled, error } = useDocumentEngine(doc, kinds, 'form-builder-canvas', true);
  const compiledFields = useMemo(() => new Map((compiled?.fields ?? []).map((cf) => [cf.field.id, cf])), [compiled]);
  const fieldCount = compiled?.fields.length ?? 0;
  // The form renderer's texts in the canvas: the provider's `formLabels` (a pack) over the English ones.
  const formTexts = useContext(ApiContext)?.formLabels;
  const context = useMemo<FormContextValue | null>(
    () =>
      engine
        ? {
            engine,
            mode: 'edit',
            labels: resolveFormLabels(formTexts),
            idPrefix: 'ccq-builder',
            disabled: false,
            progressive: null,
            sectionIndex: new Map(),
            sectionHeadingLevel: 3,
            widgets,
          }
        : null,
    // Not the compiled form: a new context would re-render every field on each change.
    [engine, widgets, formTexts],
  );
  const pageIds = useMemo(() => doc.layout.pages.map((p) => p.id), [doc.layout.pages]);
  const fieldNamed = useCallback((field: FormField) => fieldShownName(field, kinds, labels), [kinds, labels]);
  const rootRef = useRef<HTMLDivElement>(null);
  const windowing = fieldCount > LITE_THRESHOLD && typeof IntersectionObserver !== 'undefined';
  const { near, onDragging: onNearDragging } = useNearSections(rootRef, windowing, doc.layout);
  // While an item is dragged by keyboard, the arrow keys and Space belong to the drag.
  const dragging = useRef(false);
  const onDragging = useCallback(
    (on: boolean) => {
      dragging.current = on;
      onNearDragging(on);
    },
    [onNearDragging],
  );
  const itemsRef = useRef<HTMLDivElement>(null);
  const setStop = useRovingStop(itemsRef, selection?.id ?? null);
  // The in-place rename: the latest document and dispatch rename the item when its box is left.
  const [renames] = useState(createRenameStore);
  const renameWith = useRef({ doc, kinds, editing });
  renameWith.current = { doc, kinds, editing };
  renames.rename = (item, text) => {
    const { doc: current, kinds: registry, editing: edit } = renameWith.current;
    if (!edit) return;
    if (edit.onRename) {
      edit.onRename(item, text);
      return;
    }
    const action = renameAction(current, item.id, text, registry, item.type);
    if (action) edit.dispatch(action);
  };
  const keysId = `${useId()}-keys`;
  const onItemsFocus = (event: FocusEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.dataset.builderItem !== undefined) setStop(target);
  };
  const onItemsKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (dragging.current || event.altKey || event.ctrlKey || event.metaKey) return;
    const root = event.currentTarget;
    const target = event.target as HTMLElement;
    const menuOf = target.dataset.builderMenu;
    const item = target.dataset.builderItem !== undefined ? target : menuOf !== undefined ? byKey(root, 'item', menuOf) : null;
    if (!item) return;
    const items = [...root.querySelectorAll<HTMLElement>('[data-builder-item]')];
    const at = items.indexOf(item);
    const key = item.dataset.builderKey ?? '';
    let next: HTMLElement | null | undefined;
    if (event.key === 'ArrowDown') next = items[at + 1];
    else if (event.key === 'ArrowUp') next = menuOf !== undefined ? item : items[at - 1];
    else if (event.key === 'Home') next = items[0];
    else if (event.key === 'End') next = items[items.length - 1];
    else if (event.key === 'ArrowRight' && menuOf === undefined) next = byKey(root, 'menu', key);
    else if (event.key === 'ArrowLeft' && menuOf !== undefined) next = item;
    if (next) {
      event.preventDefault();
      next.focus();
      return;
    }
    if (menuOf !== undefined || event.target !== item) return;
    const chosen = selectionOf(item);
    const isSelected = item.getAttribute('aria-pressed') === 'true';
    if (event.key === 'F2' && editing && chosen) {
      // F2: the item's name in a box in its place (selected, as a double click does).
      event.preventDefault();
      if (!isSelected) onSelect(chosen);
      renames.start(chosen);
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      if (!isSelected) onSelect(chosen);
      if (isSelected && editing) onEditLabel?.(chosen as NonNullable<BuilderSelection>);
    } else if (event.key === ' ' && (!editing || chosen?.type === 'page')) {
      // Space picks up what can move (a field, a section's handle); elsewhere it selects.
      event.preventDefault();
      if (!isSelected) onSelect(chosen);
    } else if (editing && (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey))) {
      event.preventDefault();
      byKey(root, 'menu', key)?.click();
    } else if (editing && event.key === 'Delete') {
      event.preventDefault();
      // The focus goes on from where the item was: to the next item, or the one before at the end.
      const kind = item.dataset.builderKind;
      const gone = (kind === 'section' ? item.closest('[data-builder-section]') : kind === 'page' ? item.closest('[data-builder-page]') : null) ?? item;
      const neighbour = items.slice(at + 1).find((el) => !gone.contains(el)) ?? items.slice(0, at).reverse().find((el) => !gone.contains(el));
      editing.onDelete(key, chosen?.type ?? 'field');
      window.setTimeout(() => {
        if (!item.isConnected && (!document.activeElement || document.activeElement === document.body)) neighbour?.focus();
      }, 50);
    }
  };
  const selectedItem = selection && selection.type !== 'page' ? selection.id : null;
  // The field whose stand-in took the focus last (the arrow keys went onto it): its section is drawn in full.
  const [focusedFar, setFocusedFar] = useState<string | null>(null);
  // Far from the view: sections not near it that hold neither the selection nor that field (their fields are drawn
  // as stand-ins).
  const farIds = useMemo<ReadonlySet<string>>(() => {
    if (!windowing) return NO_SECTIONS;
    const far = new Set<string>();
    const holds = (section: FormSection, id: string | null) => id !== null && holdsItem(section, id);
    for (const { section } of layoutSectionEntries(doc.layout)) if (!near.has(section.id) && !holds(section, selectedItem) && !holds(section, focusedFar)) far.add(section.id);
    return far;
  }, [windowing, near, doc.layout, selectedItem, focusedFar]);
  const compiledShown = context ? compiledFields : NO_FIELDS;
  const lite = fieldCount > LITE_THRESHOLD;
  const body = doc.layout.pages.map((page, p) => (
    <CanvasPage
      key={page.id}
      doc={doc}
      page={page}
      index={p}
      pageCount={pageIds.length}
      selected={selection?.type === 'page' && selection.id === page.id}
      compiledFields={compiledShown}
      selectedItem={selectedItem !== null && page.sections.some((section) => holdsItem(section, selectedItem)) ? selectedItem : null}
      lite={lite}
      labels={labels}
      editing={editing}
      onSelect={onSelect}
      farIds={farIds}
    />
  ));
  const hasFields = !layoutFieldEntries(doc.layout).next().done;
  return (
    <Stack ref={rootRef} gap="lg" data-builder-canvas="" aria-label={labels.fbCanvas} role="region">
      {error && (
        <Alert color="red" role="alert">
          {fillLabel(labels.fbCannotShow, { message: error })}
        </Alert>
      )}
      {!hasFields && (
        <Stack gap="sm">
          <Text>{labels.fbCanvasEmpty}</Text>
          {empty}
        </Stack>
      )}
      {/* Always inside the provider (null until the engine is there): wrapping the canvas once the engine came would
          mount every page, section and field a second time, and leave the sections observed for the view detached. */}
      {hasFields && (
        <Text size="xs" id={keysId}>
          {labels.fbCanvasKeys}
        </Text>
      )}
      {/* One composite widget (a vertical toolbar: its items are buttons among the form's own headings and regions):
          one tab stop, the arrow keys between its items, Enter to select. */}
      <Stack
        ref={itemsRef}
        gap="lg"
        role="toolbar"
        aria-orientation="vertical"
        aria-label={labels.fbCanvasItems}
        aria-describedby={hasFields ? keysId : undefined}
        onFocus={onItemsFocus}
        onKeyDown={onItemsKeyDown}
      >
        <FormContext value={context}>
          <StandInFocusContext value={setFocusedFar}>
            <RenameContext value={renames}>
              <LiveTextsContext value={liveTexts ?? null}>
                <FieldNameContext value={fieldNamed}>
                  <DragKindProvider onDragging={onDragging}>{body}</DragKindProvider>
                </FieldNameContext>
              </LiveTextsContext>
            </RenameContext>
          </StandInFocusContext>
        </FormContext>
      </Stack>
    </Stack>
  );
});
