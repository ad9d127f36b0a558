import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardSensorOptions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  factory,
  useMantineTheme,
  useProps,
  useStyles,
  type BoxProps,
  type Factory,
  type StylesApiProps,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createContext, memo, useCallback, useContext, useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ComponentProps, type CSSProperties, type FocusEvent, type KeyboardEvent, type ReactNode, type UIEvent } from 'react';
import type { FormSchema } from '../api/types';
import { checkDataPath, ruleTargets } from '../engine/authoring';
import { allSections, layoutSectionEntries } from '../engine/layout-walk';
import { FormRenderer } from '../forms/FormRenderer';
import { withFormWidgets, type FormWidget } from '../forms/widgets/registry';
import { fillLabel, type Labels } from '../query/labels';
import { formatList, formatMoment } from '../labels/format';
import { useApi } from '../query/useApi';
import { LabelsProvider } from '../query/useLabels';
import { useLocale } from '../query/useLocale';
import { ConfirmModal } from '../ui/ConfirmModal';
import { ErrorAlert } from '../ui/ErrorAlert';
import { BUILDER_ICONS, paletteIcon } from '../ui/icons';
import { paletteStop, usePaletteKeys } from './palette-keys';
import { LoadingState } from '../ui/LoadingState';
import { BuilderCanvas, sameOutline, sectionPlaceReason, useDocumentEngine, type CanvasEditing } from './BuilderCanvas';
import { builderCollisions, builderKeyboardCoordinates, dragPlaces } from './collisions';
import {
  canvasSchema,
  dependentsOf,
  dropOutcome,
  fieldIdsIn,
  fieldSchema,
  findField,
  findSection,
  isRequired,
  renameAction,
  sectionPlaceProblem,
  type BuilderAction,
  type BuilderDocument,
  type BuilderSelection,
  type ItemKind,
  type DropData,
} from './model';
import { FieldPropertiesPanel, SectionPropertiesPanel } from './properties';
import type { PatternCheckRequest, RuleFieldOption } from './properties';
import { JsonView } from './json';
import { SaveFormButton, type SaveFormDraftResult } from './save';
import { createLiveTexts, fieldTextsOnlyChanged, useCanvasDocument } from './live-texts';
import { StartFrom } from './StartFrom';
import { DragDescribedByContext, useLazyDraggable, type LazyDrag } from './lazy-draggable';
import { prefetchFormBuilder, useFormBuilder, type FormBuilderController } from './useFormBuilder';
import { fieldShownName, widgetName } from './widget-names';

/** The inner parts of the form builder that `classNames` / `styles` reach. */
export type FormBuilderStylesNames = 'root' | 'toolbar' | 'palette' | 'canvas' | 'properties' | 'preview';

/** Props of {@link FormBuilder}. */
export interface FormBuilderProps extends BoxProps, StylesApiProps<FormBuilderFactory> {
  /** The form to edit; without it (and without `formSchemaId`) the builder starts a new form. */
  formId?: string | null;
  /** The version to edit; by default the form's current version. */
  formSchemaId?: string | null;
  /**
   * The host's widget kinds, merged over the built-in ones, as the host gives them to its public form: the palette
   * offers them, the canvas and the preview show them. Pass a stable object (module level).
   */
  widgets?: Readonly<Record<string, FormWidget>>;
  /** Called after a save with what it did (a new form's or version's ids). */
  onSaved?: (result: SaveFormDraftResult) => void;
  /**
   * Where the builder's 'Back' leads (a host routes it). With unsaved changes the builder asks first; a host whose
   * own links lead away asks too while `onDirtyChange` says there are unsaved changes (the page's `beforeunload`
   * covers a reload or a closed tab).
   */
  onNavigate?: (to: 'back') => void;
  /**
   * Called with whether the work on screen has unsaved changes, once as the builder starts and again at each change:
   * a host whose own links (a menu) lead away from the builder asks before leaving while it is true, as 'Back' does.
   */
  onDirtyChange?: (dirty: boolean) => void;
  /** 'Import a PDF form' among the starting points of a new form: a host opens its PDF import. */
  onImportPdf?: () => void;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
  /** The browser storage drafts are kept in (default `localStorage`; `null` keeps none). */
  draftStorage?: Storage | null;
  /**
   * Whose drafts these are: the signed-in person's id (e.g. `useAuth().user?.subject`). A draft is offered back only
   * to the person who left it, never to whoever signs in next on the same browser. Without it, one set of drafts for
   * the browser.
   */
  draftOwner?: string | null;
  /**
   * One view at a time (palette, canvas, properties, preview) as tabs, each the full width, as on a phone. By default
   * when the window is narrower than the theme's `sm` breakpoint; `true` for a builder placed in a narrow column.
   */
  compact?: boolean;
}

/** Mantine's factory type of {@link FormBuilder}: its props, root element and part names, for the Styles API's typing. */
export type FormBuilderFactory = Factory<{
  props: FormBuilderProps;
  ref: HTMLDivElement;
  stylesNames: FormBuilderStylesNames;
}>;

/** Props of {@link FormBuilderView}: the screen's props but what the controller already took, plus the controller. */
export interface FormBuilderViewProps extends Omit<FormBuilderProps, 'formId' | 'formSchemaId' | 'labels' | 'draftStorage' | 'draftOwner'> {
  /** What {@link useFormBuilder} returned for this screen. */
  controller: FormBuilderController;
}

/** Mantine's factory type of {@link FormBuilderView}: its props, root element and part names, for the Styles API's typing. */
export type FormBuilderViewFactory = Factory<{
  props: FormBuilderViewProps;
  ref: HTMLDivElement;
  stylesNames: FormBuilderStylesNames;
}>;

// Static class names (no stylesheet ships): hosts target `.ccq-FormBuilder-canvas` or use `classNames`.
const classes: Record<FormBuilderStylesNames, string> = {
  root: 'ccq-FormBuilder-root',
  toolbar: 'ccq-FormBuilder-toolbar',
  palette: 'ccq-FormBuilder-palette',
  canvas: 'ccq-FormBuilder-canvas',
  properties: 'ccq-FormBuilder-properties',
  preview: 'ccq-FormBuilder-preview',
};

// The sensors' options are module constants: `useSensor` keeps its sensor while its options object stays the same, and a
// new one on each render would give dnd-kit new activators, and with them every draggable and sortable item of the
// canvas a re-render (300 at 300 fields) on each selection, key or undo.
const POINTER_OPTIONS = { activationConstraint: { distance: 6 } };
/**
 * A pointer drag scrolls the canvas only while the pointer is in a band at the edge of the scrolling area, a twentieth
 * of its height (50 px of a 1,000 px window), not dnd-kit's fifth: that scrolled the page under a pointer still well
 * inside it, and each scroll step measured the drag's places again and drew the sections it brought into view. The
 * keyboard's drag scrolls its place into view itself.
 */
const AUTO_SCROLL = { threshold: { x: 0.05, y: 0.05 } };
const KEYBOARD_OPTIONS: KeyboardSensorOptions = { coordinateGetter: builderKeyboardCoordinates, keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] } };

/** The width of the preview's phone frame, in CSS pixels. */
export const BUILDER_PHONE_WIDTH = 390;


/**
 * One entry of the palette: a drag handle and its 'Add' button. The handle is named by what it shows, the entry's
 * name (its icon is hidden from assistive technology), so the name a speech user reads off the screen is the name it
 * has; 'Drag {name} onto the form' and dnd-kit's keyboard instructions are its description.
 */
// Memoised (with `onAdd` taking the entry's id, one stable callback for all): a selection or an edit re-renders none of them.
const PaletteItemBody = memo(function PaletteItemBody({ id, icon, name, labels, onAdd, describedBy, drag }: PaletteItemProps & { drag: PaletteDrag }) {
  const hintId = `${useId()}-drag`;
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Group
        ref={drag.setNodeRef}
        gap="xs"
        wrap="nowrap"
        style={{ cursor: 'grab', flex: 1, minWidth: 0, opacity: drag.isDragging ? 0.5 : 1 }}
        {...drag.attributes}
        {...drag.listeners}
        {...paletteStop('drag')}
        aria-describedby={[hintId, drag.attributes['aria-describedby']].filter(Boolean).join(' ')}
      >
        <Box w={28} ta="center" style={{ flexShrink: 0 }} aria-hidden>
          {icon}
        </Box>
        {/* A long name wraps (a longer language, a host's kind): cut short, the entry would not say what it adds. */}
        <Text size="sm" lh={1.3} style={{ overflowWrap: 'break-word', minWidth: 0 }}>
          {name}
        </Text>
      </Group>
      {/* Hidden, yet a description still: a reference by id reads hidden text. */}
      <span id={hintId} hidden>
        {fillLabel(labels.fbDragNamed, { name })}
      </span>
      <Button size="compact-xs" variant="light" {...paletteStop('add')} onClick={() => onAdd(id)} aria-label={fillLabel(labels.fbAddNamed, { name })} aria-describedby={describedBy}>
        {labels.fbAdd}
      </Button>
    </Group>
  );
});

interface PaletteItemProps {
  id: string;
  icon: ReactNode;
  name: string;
  labels: Labels;
  onAdd(id: string): void;
  /** The id of the text saying where 'Add' puts it (stable: the text changes with the selection, not this). */
  describedBy?: string;
}

interface PaletteDrag {
  setNodeRef(element: HTMLElement | null): void;
  attributes: LazyDrag['attributes'];
  listeners: LazyDrag['listeners'];
  isDragging: boolean;
}

/**
 * The draggable shell of a palette entry: a dnd-kit draggable only once a pointer or key went down on its handle
 * (`useLazyDraggable`), so a drag's start and end render the dragged entry only, and only what changed for this entry
 * (its own drag state) reaches its memoised body.
 */
const PaletteItem = memo(function PaletteItem(props: PaletteItemProps) {
  const node = useRef<HTMLElement | null>(null);
  const data = useMemo(() => ({ type: 'palette', entry: props.id }), [props.id]);
  const { attributes, listeners, isDragging, registration } = useLazyDraggable({ id: `palette:${props.id}`, data, node });
  const setNodeRef = useCallback((element: HTMLElement | null) => {
    node.current = element;
  }, []);
  const drag = useMemo<PaletteDrag>(() => ({ setNodeRef, attributes, listeners, isDragging }), [setNodeRef, attributes, listeners, isDragging]);
  return (
    <>
      {registration}
      <PaletteItemBody {...props} drag={drag} />
    </>
  );
});

/** The live preview: the public renderer fed by the draft, in edit or view mode, at the page's width or a phone's. */
function BuilderPreview({ doc, widgets, kinds, labels }: { doc: BuilderDocument; widgets: Readonly<Record<string, FormWidget>>; kinds: FormBuilderController['widgets']; labels: Labels }) {
  const [mode, setMode] = useState<'edit' | 'view'>('edit');
  const [width, setWidth] = useState<'desktop' | 'phone'>('desktop');
  const { engine, error } = useDocumentEngine(doc, kinds, 'form-builder-preview');
  const schema = useMemo<FormSchema>(() => ({ ...canvasSchema(doc, 'form-builder-preview'), layout: doc.layout }), [doc]);
  const frame = fillLabel(labels.fbPreviewFrame, {
    mode: mode === 'edit' ? labels.fbPreviewEdit : labels.fbPreviewView,
    width: width === 'phone' ? labels.fbPreviewPhone : labels.fbPreviewDesktop,
  });
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <SegmentedControl
          size="xs"
          aria-label={labels.fbPreviewModeGroup}
          value={mode}
          onChange={(v) => setMode(v as 'edit' | 'view')}
          data={[
            { value: 'edit', label: labels.fbPreviewEdit },
            { value: 'view', label: labels.fbPreviewView },
          ]}
        />
        <SegmentedControl
          size="xs"
          aria-label={labels.fbPreviewWidthGroup}
          value={width}
          onChange={(v) => setWidth(v as 'desktop' | 'phone')}
          data={[
            { value: 'desktop', label: labels.fbPreviewDesktop },
            { value: 'phone', label: labels.fbPreviewPhone },
          ]}
        />
      </Group>
      {error ? (
        <Alert color="red">{fillLabel(labels.fbCannotShow, { message: error })}</Alert>
      ) : (
        <Box component="section" aria-label={frame} style={{ width: width === 'phone' ? `${BUILDER_PHONE_WIDTH}px` : '100%', maxWidth: '100%', marginInline: 'auto' }}>
          {engine && <FormRenderer schema={schema} engine={engine} mode={mode} widgets={widgets} headingLevel={3} hideSubmit aria-label={frame} idPrefix="ccq-builder-preview" />}
        </Box>
      )}
    </Stack>
  );
}

/**
 * "Move to…", the non-drag way to move: a field to any section, a section to any page (at its own level) or into any
 * section, at any position. The sections are listed under their pages, named by their place ('Page 1 / Jobs / Dates')
 * and indented by their level; a place a section cannot go (itself or a section inside it, deeper than the limit, a
 * repeatable section into a repeatable section's items) is listed disabled with the reason.
 */
function MoveToDialog({ c, itemId, onClose }: { c: FormBuilderController; itemId: string | null; onClose(): void }) {
  const { labels, state, widgets } = c;
  const doc = state.document;
  const field = itemId ? findField(doc, itemId) : null;
  const section = itemId && !field ? findSection(doc, itemId) : null;
  const [containerId, setContainerId] = useState<string | null>(null);
  const [position, setPosition] = useState<string | null>(null);
  const pageName = (title: string, index: number) => title || fillLabel(labels.fbNewPageTitle, { number: index + 1 });
  // A field goes into a section; a section onto a page or into a section.
  const target = containerId ?? field?.section.id ?? section?.parent?.id ?? section?.page.id ?? null;
  const entries = field || section ? Array.from(layoutSectionEntries(doc.layout)) : [];
  const placeNames = new Map<string, string>();
  const levels = new Map<string, number>();
  for (const e of entries) {
    const around = e.parent ? placeNames.get(e.parent.id) : pageName(e.page.title, e.pageIndex);
    placeNames.set(e.section.id, `${around} / ${e.section.title || labels.fbUntitledSection}`);
    levels.set(e.section.id, e.depth);
  }
  const containers = doc.layout.pages
    .map((p, pi) => ({
      group: pageName(p.title, pi),
      items: [
        ...(section ? [{ value: p.id, label: pageName(p.title, pi) }] : []),
        ...entries
          .filter((e) => e.pageIndex === pi)
          .map((e) => {
            const label = placeNames.get(e.section.id) ?? e.section.id;
            const problem = section ? sectionPlaceProblem(doc, e.section.id, { sectionId: section.section.id }) : null;
            return problem
              ? { value: e.section.id, label: fillLabel(labels.fbMoveToRefused, { name: label, reason: sectionPlaceReason(problem, labels) }), disabled: true }
              : { value: e.section.id, label };
          }),
      ],
    }))
    .filter((g) => g.items.length > 0);
  const targetSection = target ? findSection(doc, target) : null;
  // The items already there, the one being moved left out: "After X" puts it right after X.
  const siblings: { id: string; name: string }[] = field
    ? (targetSection?.section.fields ?? []).map((f) => ({ id: f.id, name: fieldShownName(f, widgets, labels) }))
    : (targetSection ? (targetSection.section.sections ?? []) : (doc.layout.pages.find((p) => p.id === target)?.sections ?? [])).map((s) => ({ id: s.id, name: s.title || labels.fbUntitledSection }));
  const positions = [
    { value: '0', label: labels.fbMoveToFirst },
    ...siblings.filter((x) => x.id !== itemId).map((x, i) => ({ value: String(i + 1), label: fillLabel(labels.fbMoveToAfter, { name: x.name }) })),
  ];
  const close = () => {
    setContainerId(null);
    setPosition(null);
    onClose();
  };
  const name = field ? field.field.label : section ? section.section.title || labels.fbUntitledSection : '';
  const move = () => {
    const index = Number(position ?? positions.length - 1);
    if (field && target) c.dispatch({ type: 'moveField', id: field.field.id, to: { sectionId: target, index } });
    if (section && target) {
      const to = targetSection ? { pageId: targetSection.page.id, parentId: targetSection.section.id, index } : { pageId: target, index };
      c.dispatch({ type: 'moveSection', id: section.section.id, to });
    }
    close();
  };
  return (
    <Modal opened={!!(field || section)} onClose={close} title={fillLabel(labels.fbMoveToTitle, { name })} closeButtonProps={{ 'aria-label': labels.close }}>
      <Stack>
        <Select
          label={field ? labels.fbMoveToSection : labels.fbMoveToPlace}
          data={containers}
          value={target}
          onChange={(v) => {
            setContainerId(v);
            setPosition(null);
          }}
          allowDeselect={false}
          // Indented by level: a page's own sections one step in, each section inside one more.
          renderOption={({ option }) => <span style={{ paddingInlineStart: `calc(${levels.get(option.value) ?? 0} * var(--mantine-spacing-sm))` }}>{option.label}</span>}
        />
        <Select label={labels.fbMoveToPosition} data={positions} value={position ?? String(positions.length - 1)} onChange={setPosition} allowDeselect={false} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {labels.cancel}
          </Button>
          <Button onClick={move}>{labels.fbMove}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The property pane: the panel of the selected field, section or page. */
/** The 'Move to…' dialog, not drawn again while it stays closed (see `ConfirmWhenOpen`). */
const MoveToDialogWhenOpen = memo(MoveToDialog, (a, b) => a.itemId === null && b.itemId === null);

/** The input types a person types text into (Mantine's number inputs are `text`). */
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'url', 'email', 'tel', 'number', 'password']);

/**
 * Whether the focus is in a box a person types text into: a textarea or a text input, not read-only and not a
 * dropdown's input (a choice made from a list is a step of its own, as a switch is).
 */
function isTextBox(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement {
  const element = target as Element | null;
  if (!element || typeof element.nodeName !== 'string') return false;
  if (element.nodeName === 'TEXTAREA') return !(element as HTMLTextAreaElement).readOnly;
  if (element.nodeName !== 'INPUT') return false;
  const input = element as HTMLInputElement;
  return !input.readOnly && TEXT_INPUT_TYPES.has(input.type) && !input.hasAttribute('aria-haspopup') && input.getAttribute('role') !== 'combobox';
}

const PropertyPane = memo(function PropertyPane({ c, selection, typingIn }: { c: FormBuilderController; selection: BuilderSelection; typingIn: () => string | undefined }) {
  const { labels, state, dispatch, widgets } = c;
  const { client } = useApi();
  // The server's check of a pattern (the one its schema save runs), asked when the pattern box is left.
  const checkPattern = useCallback<PatternCheckRequest>(async (pattern) => {
    const answer = await client.formSchema.checkPattern(pattern);
    return answer.ok ? null : answer.reason;
  }, [client]);
  // The rule targets listed last: a key typed in the field's own label, help text or placeholder leaves them as they
  // are (the field is not among its own targets), so they are not listed again from every field of the form.
  const listed = useRef<{ doc: BuilderDocument; id: string; widgets: FormBuilderController['widgets']; fields: RuleFieldOption[] } | null>(null);
  const doc = state.document;
  const sel = selection;
  if (sel?.type === 'field') {
    const at = findField(doc, sel.id);
    if (!at) return null;
    // The fields a rule of this one can read: its own scope only (a rule in a repeatable section reads its own item),
    // paths written as the rule writes them.
    const last = listed.current;
    const fields: RuleFieldOption[] =
      last && last.id === at.field.id && last.widgets === widgets && fieldTextsOnlyChanged(last.doc, doc, at.field.id) ? last.fields : ruleTargets(doc.layout, at.field.id, widgets);
    listed.current = { doc, id: at.field.id, widgets, fields };
    // Not keyed by the field: a new selection hands the same editors the new field (each draws again only when what
    // it shows changed), instead of unmounting the panel and mounting it anew.
    return (
      <FieldPropertiesPanel
        field={at.field}
        schema={(fieldSchema(doc, at.section, at.field) ?? {}) as FormSchema['jsonSchema']}
        required={isRequired(doc, at.section, at.field)}
        fields={fields}
        widgets={widgets}
        labels={labels}
        onChange={(next) => dispatch({ type: 'changeField', id: at.field.id, field: next.field, schema: next.schema, required: next.required, path: next.renamePath, typing: typingIn() })}
        onRenamePath={(_from, to) => dispatch({ type: 'renamePath', id: at.field.id, path: to })}
        checkPath={(path) => checkDataPath(path, { layout: doc.layout, fieldId: at.field.id, widgets })}
        checkPattern={checkPattern}
        savedPath={state.saved?.get(at.field.id)}
      />
    );
  }
  if (sel?.type === 'section') {
    const at = findSection(doc, sel.id);
    if (!at) return null;
    const panel = (
      <SectionPropertiesPanel
        key={at.section.id}
        section={at.section}
        labels={labels}
        onChange={(next) => {
          const { id: _id, fields: _fields, sections: _sections, ...changes } = next;
          // The list path is renamed through onRenamePath (its schema and rules follow).
          const repeatable = changes.repeatable && at.section.repeatable ? { ...changes.repeatable, path: at.section.repeatable.path } : changes.repeatable;
          dispatch({ type: 'updateSection', id: at.section.id, changes: { description: undefined, ...changes, repeatable }, typing: typingIn() });
        }}
        onRenamePath={(_from, to) => at.section.repeatable && dispatch({ type: 'updateSection', id: at.section.id, changes: { repeatable: { ...at.section.repeatable, path: to } } })}
        checkPath={(path) => checkDataPath(path, { layout: doc.layout, sectionId: at.section.id, widgets })}
      />
    );
    // Where a section inside a section sits.
    return at.parent ? (
      <Stack gap="xs">
        <Text size="sm">{fillLabel(labels.fbSectionInside, { name: at.parent.title || labels.fbUntitledSection })}</Text>
        {panel}
      </Stack>
    ) : (
      panel
    );
  }
  if (sel?.type === 'page') {
    const page = doc.layout.pages.find((p) => p.id === sel.id);
    if (!page) return null;
    return (
      <Stack gap="sm">
        <Title order={3} size="h4">
          {fillLabel(labels.fbPageNamed, { name: page.title })}
        </Title>
        <TextInput label={labels.fbPageTitle} data-builder-label="" value={page.title} onChange={(e) => dispatch({ type: 'updatePage', id: page.id, changes: { title: e.currentTarget.value }, typing: typingIn() })} />
      </Stack>
    );
  }
  return <Text size="sm">{labels.fbNothingSelected}</Text>;
},
// Memoised on what it reads of the controller: a drag, a status or a dialog of the screen does not redraw the panel,
// nor does a click until the deferred selection reaches it.
(a, b) =>
  a.selection === b.selection &&
  a.c.state.document === b.c.state.document &&
  a.c.state.saved === b.c.state.saved &&
  a.c.labels === b.c.labels &&
  a.c.widgets === b.c.widgets &&
  a.c.dispatch === b.c.dispatch);

/**
 * Focuses an element once it is drawn and shown: the property pane follows the selection as a deferred value, and on a
 * narrow screen a tab is shown first. Tries for up to 10 s (a busy machine draws slowly); gives up quietly (the focus
 * stays where it was), and at once when the user has moved the focus meanwhile.
 */
function focusWhenShown(find: () => HTMLElement | null | undefined, until = Date.now() + 10_000, from: Element | null = document.activeElement) {
  // The user went on elsewhere meanwhile (typing in a box, say): the focus is theirs.
  if (document.activeElement !== from && document.activeElement !== document.body && document.activeElement !== null) return;
  const element = find();
  if (element) {
    element.focus();
    if (document.activeElement === element) return;
  }
  if (Date.now() < until) window.setTimeout(() => focusWhenShown(find, until, document.activeElement), 25);
}

/** The item of the canvas with an id (a field's item, a section's handle, a page's title). */
function canvasItem(root: HTMLElement | null, id: string): HTMLElement | null {
  if (!root) return null;
  for (const element of root.querySelectorAll<HTMLElement>('[data-builder-item]')) if (element.dataset.builderKey === id) return element;
  return null;
}

/**
 * Where the palette's 'Add' puts a field, a section (or a repeatable one) and a page, for the selection, as the model
 * places them (see `addField` and `addSection`): after the selected field, at the end of the selected section, after
 * the selected section (beside it, at its level), at the end of the selected or last page.
 */
function addPlaces(doc: BuilderDocument, selection: BuilderSelection, labels: Labels, widgets: FormBuilderController['widgets']): { field: string; section: string; repeatable: string; page: string } {
  const pages = doc.layout.pages;
  const pageName = (index: number) => pages[index]?.title || fillLabel(labels.fbNewPageTitle, { number: index + 1 });
  const sectionName = (title: string) => title || labels.fbUntitledSection;
  const field = selection?.type === 'field' ? findField(doc, selection.id) : null;
  const sectionId = field ? field.section.id : selection?.type === 'section' ? selection.id : null;
  const section = sectionId ? findSection(doc, sectionId) : null;
  const pageIndex = selection?.type === 'page' ? pages.findIndex((p) => p.id === selection.id) : section ? pages.findIndex((p) => p.id === section.page.id) : pages.length - 1;
  const page = pages[pageIndex];
  const endOfPage = fillLabel(labels.fbAddsEndOfPage, { name: pageName(pageIndex) });
  const lastSection = page?.sections[page.sections.length - 1];
  const fieldPlace = field
    ? fillLabel(labels.fbAddsAfterField, { name: fieldShownName(field.field, widgets, labels) })
    : section
      ? fillLabel(labels.fbAddsIntoSection, { name: sectionName(section.section.title) })
      : lastSection
        ? fillLabel(labels.fbAddsIntoSection, { name: sectionName(lastSection.title) })
        : endOfPage;
  const after = (s: { title: string } | null | undefined) => (s ? fillLabel(labels.fbAddsAfterSection, { name: sectionName(s.title) }) : endOfPage);
  // A repeatable section may not go inside a repeatable section's items: it goes after the repeatable section around.
  const repeatableAfter = section && sectionPlaceProblem(doc, section.parent?.id, { adding: { repeatable: true } }) ? (section.repeatOwner ?? section.section) : section?.section;
  return {
    field: fieldPlace,
    section: after(section?.section),
    repeatable: after(repeatableAfter),
    page: page ? fillLabel(labels.fbAddsAfterPage, { name: pageName(pageIndex) }) : endOfPage,
  };
}

/** What the drag overlay says of the item being moved (or the palette entry being added). */
function overlayText(c: FormBuilderController, id: UniqueIdentifier): string {
  const text = String(id);
  const { labels, state, widgets } = c;
  if (text.startsWith('palette:')) {
    const entry = text.slice('palette:'.length);
    const name = entry === 'page' ? labels.fbPage : entry === 'section' ? labels.fbSection : entry === 'repeatable' ? labels.fbRepeatableSection : (widgets[entry]?.name ?? entry);
    return fillLabel(labels.fbDragOverlayNew, { name });
  }
  const field = findField(state.document, text);
  if (field) return fillLabel(labels.fbDragOverlayField, { name: fieldShownName(field.field, widgets, labels) });
  const section = findSection(state.document, text);
  if (section) return fillLabel(labels.fbDragOverlaySection, { name: section.section.title || labels.fbUntitledSection });
  return nameOf(c, id);
}

/**
 * After a keyboard drop into another section or page the item is drawn anew there, and the focus, which was on the
 * item drawn before, falls to the page's body: it goes to the moved item (a field's item, a section's handle), so the
 * keyboard user goes on from where the item now is, and the builder's keys (Ctrl+Z) still reach the builder.
 */
function refocusAfterDrop(id: string) {
  window.setTimeout(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    const field = [...document.querySelectorAll<HTMLElement>('[data-builder-field]')].find((el) => el.dataset.builderField === id);
    const section = [...document.querySelectorAll<HTMLElement>('[data-builder-section]')].find((el) => el.dataset.builderSection === id);
    (field ?? section?.querySelector<HTMLElement>('[data-builder-item]'))?.focus();
  }, 50);
}

/**
 * Where a drag would drop: for a section, what dnd-kit found it over; for a field or a palette entry, its place in the
 * section's list it is over (a field, or the list itself), which the collision detection keeps in `dragPlaces`.
 */
function dropTarget(active: { id: UniqueIdentifier; data: { current?: unknown } }, over: { id: UniqueIdentifier; data: { current?: unknown } } | null): { id: string; data: { current?: unknown } } | null {
  if ((active.data.current as DropData | undefined)?.type === 'section') return over ? { id: String(over.id), data: over.data } : null;
  const place = over ? dragPlaces.current() : null;
  return place ? { id: place.id, data: { current: place.data } } : null;
}

/** A name for what is being dragged or dropped on, for the screen reader's announcements. */
function nameOf(c: FormBuilderController, id: UniqueIdentifier | undefined): string {
  if (id === undefined) return '';
  const text = String(id);
  const { labels, state, widgets } = c;
  if (text.startsWith('palette:')) {
    const entry = text.slice('palette:'.length);
    const name =
      entry === 'page' ? labels.fbPage : entry === 'section' ? labels.fbSection : entry === 'repeatable' ? labels.fbRepeatableSection : (widgets[entry]?.name ?? entry);
    return fillLabel(labels.fbNewField, { name });
  }
  if (text.startsWith('page-drop:')) {
    const pages = state.document.layout.pages;
    const index = pages.findIndex((p) => p.id === text.slice('page-drop:'.length));
    const page = pages[index];
    if (page) return fillLabel(labels.fbPageDrop, { name: fillLabel(labels.fbPageNamed, { name: page.title || String(index + 1) }) });
  }
  if (text.startsWith('nest:')) {
    const section = findSection(state.document, text.slice('nest:'.length));
    if (section) return fillLabel(labels.fbNestDrop, { name: fillLabel(labels.fbSectionNamed, { name: section.section.title || labels.fbUntitledSection }), level: section.depth + 1 });
  }
  const sectionId = text.startsWith('drop:') ? text.slice('drop:'.length) : text;
  const field = findField(state.document, sectionId);
  if (field) return fillLabel(labels.fbFieldNamed, { name: fieldShownName(field.field, widgets, labels) });
  const section = findSection(state.document, sectionId);
  if (section) {
    const name = fillLabel(labels.fbSectionNamed, { name: section.section.title || labels.fbUntitledSection });
    // A section inside a section is named with its level (a page's own sections are level 1).
    return section.depth > 1 ? fillLabel(labels.fbSectionAtLevel, { name, level: section.depth }) : name;
  }
  return text;
}

/** What the toolbar's buttons do: one stable object, calling the screen's latest handlers. */
interface ToolbarActions {
  undo(): void;
  redo(): void;
  back(): void;
  toggleJson(): void;
  togglePreview(): void;
  saved(result: SaveFormDraftResult): void;
  /** The document as it is now: the save button reads it when the user starts a save, and that one is saved. */
  document(): BuilderDocument;
  selectProblem(target: BuilderSelection): void;
  /** Starts a save as the Save button does (Ctrl+S), while one may start; filled by the button. */
  startSave: { current: (() => void) | null };
}

interface BuilderToolbarProps {
  title: string;
  labels: Labels;
  canEdit: boolean;
  dirty: boolean;
  /** Whether the form is on the server ('Not saved yet' until a new form's first save). */
  exists: boolean;
  /** While the form just saved is read back, no save starts (its ids are not in yet). */
  settling: boolean;
  showBack: boolean;
  canUndo: boolean;
  canRedo: boolean;
  showJson: boolean;
  showPreview: boolean;
  /** A narrow screen shows the preview as one of its views: no switch for it here. */
  previewIsView: boolean;
  formId: string | null;
  formSchemaId: string | null;
  schemaETag: string | null;
  widgets: FormBuilderController['widgets'];
  actions: ToolbarActions;
}

/**
 * The toolbar's contents: back, title, saved state, undo and redo, the JSON and preview switches, save. Memoised on
 * what it shows: a selection or a key typed re-renders none of it (the save button reads the document when used),
 * the first change only the saved state.
 */
const BuilderToolbar = memo(function BuilderToolbar(props: BuilderToolbarProps) {
  const { title, labels, canEdit, dirty, exists, settling, showBack, canUndo, canRedo, showJson, showPreview, previewIsView, formId, formSchemaId, schemaETag, widgets, actions } = props;
  return (
    <>
      <ToolbarTitle title={title} labels={labels} canEdit={canEdit} dirty={dirty} exists={exists} showBack={showBack} actions={actions} />
      <Group gap="xs">
        <ToolbarSwitches labels={labels} canEdit={canEdit} canUndo={canUndo} canRedo={canRedo} showJson={showJson} showPreview={showPreview} previewIsView={previewIsView} actions={actions} />
        {canEdit && (
          <ToolbarSave
            draft={actions.document}
            formId={formId}
            formSchemaId={formSchemaId}
            schemaETag={schemaETag}
            labels={labels}
            widgets={widgets}
            onSaved={actions.saved}
            onSelectProblem={actions.selectProblem}
            startRef={actions.startSave}
            buttonProps={settling ? SETTLING_SAVE : undefined}
          />
        )}
      </Group>
    </>
  );
});

/** The save button, drawn again only when its props change (they stay the same while the document changes). */
const ToolbarSave = memo(SaveFormButton);
/** The save button's props while the form just saved is read back. */
const SETTLING_SAVE = { disabled: true } as const;

/** The toolbar's back button, title and saved state. */
const ToolbarTitle = memo(function ToolbarTitle({ title, labels, canEdit, dirty, exists, showBack, actions }: Pick<BuilderToolbarProps, 'title' | 'labels' | 'canEdit' | 'dirty' | 'exists' | 'showBack' | 'actions'>) {
  return (
    <Group gap="sm">
      {showBack && (
        <Button variant="subtle" onClick={actions.back}>
          {labels.fbBack}
        </Button>
      )}
      <Title order={1} size="h2">
        {title}
      </Title>
      {/* The text in the default colour (an orange or grey text fails 4.5:1 in one scheme or the other); the dot marks the state. */}
      {canEdit && (
        <Badge variant="default" leftSection={<Box w={8} h={8} bg={dirty ? 'orange.6' : 'gray.6'} style={{ borderRadius: '50%' }} />}>
          {dirty ? labels.fbUnsaved : exists ? labels.fbAllSaved : labels.fbNotSavedYet}
        </Badge>
      )}
    </Group>
  );
});

/** The toolbar's undo and redo, and the JSON and preview switches. */
const ToolbarSwitches = memo(function ToolbarSwitches({
  labels,
  canEdit,
  canUndo,
  canRedo,
  showJson,
  showPreview,
  previewIsView,
  actions,
}: Pick<BuilderToolbarProps, 'labels' | 'canEdit' | 'canUndo' | 'canRedo' | 'showJson' | 'showPreview' | 'previewIsView' | 'actions'>) {
  return (
    <>
      {canEdit && (
        <>
          <Button variant="default" onClick={actions.undo} disabled={!canUndo} aria-keyshortcuts="Control+Z Meta+Z">
            {labels.fbUndo}
          </Button>
          <Button variant="default" onClick={actions.redo} disabled={!canRedo} aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z">
            {labels.fbRedo}
          </Button>
        </>
      )}
      <Button variant="default" onClick={actions.toggleJson} aria-expanded={showJson}>
        {showJson ? labels.fbHideJson : labels.fbShowJson}
      </Button>
      {!previewIsView && (
        <Button variant="default" onClick={actions.togglePreview} aria-expanded={showPreview}>
          {showPreview ? labels.fbHidePreview : labels.fbShowPreview}
        </Button>
      )}
    </>
  );
});

/**
 * A dialog that stays closed draws nothing new: a closed Mantine modal still renders its tree (root, overlay,
 * content, transition, portal) on every render of the screen, and the builder's screen renders on each selection and
 * key. Opening, and the render that closes it (its exit transition), go through.
 */
const ConfirmWhenOpen = memo(ConfirmModal, (a, b) => !a.opened && !b.opened);

/** What the palette, the canvas and the drag overlay show, and how to draw them (see {@link WorkArea}). */
interface WorkAreaPart {
  deps: readonly unknown[];
  render(): ReactNode;
}

const WorkAreaContext = createContext<WorkAreaPart | null>(null);

/**
 * The palette, the canvas and the drag overlay, inside dnd-kit's context: drawn from the screen's latest part, read
 * here rather than handed down, so a new selection, key or undo draws this part without drawing dnd-kit's context
 * again. That context hands its readers a new transform on each of its renders, and React then searched the whole
 * canvas (tens of thousands of elements at 300 fields) for them, twice a selection (the canvas, then the property pane).
 */
function WorkArea() {
  const part = useContext(WorkAreaContext);
  return <>{part?.render()}</>;
}

const WORK_AREA = <WorkArea />;

/** The part drawn last while what it shows (`deps`, compared one by one) is the same, else a new one. */
function keptPart(kept: { current: WorkAreaPart | null }, deps: readonly unknown[], render: () => ReactNode): WorkAreaPart {
  const last = kept.current;
  if (last && last.deps.length === deps.length && last.deps.every((d, i) => Object.is(d, deps[i]))) return last;
  kept.current = { deps, render };
  return kept.current;
}

/** dnd-kit's event handlers, the same functions from render to render (they call the screen's latest ones). */
interface DndEvents {
  start(event: DragStartEvent): void;
  cancel(): void;
  end(event: DragEndEvent): void;
}

/**
 * The palette and the property pane beside the canvas on a wide screen: each stays in view while the canvas scrolls
 * and scrolls on its own when taller than the window. The pane of a field far down a long form is then beside it, and
 * the toolbar's Save is a scroll of the page away rather than the pane's whole height. They stay below a fixed header:
 * a Mantine `AppShell`'s (its `--app-shell-header-offset`), or the height a host sets in `--ccq-builder-header-offset`
 * for a header of its own; 0 without either.
 */
const HEADER_OFFSET = 'var(--ccq-builder-header-offset, var(--app-shell-header-offset, 0px))';
const PANE_IN_VIEW = {
  position: 'sticky',
  top: `calc(${HEADER_OFFSET} + var(--mantine-spacing-md))`,
  maxHeight: `calc(100dvh - ${HEADER_OFFSET} - 2 * var(--mantine-spacing-md))`,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
} as const satisfies CSSProperties;

type DndContextProps = ComponentProps<typeof DndContext>;

/**
 * dnd-kit's context around the palette and the canvas, memoised on props that stay the same (the sensors, the texts'
 * announcements, stable handlers): it renders for its own drag state only.
 */
const BuilderDnd = memo(function BuilderDnd({ id, sensors, accessibility, events }: { id: string; sensors: DndContextProps['sensors']; accessibility: DndContextProps['accessibility']; events: DndEvents }) {
  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={builderCollisions}
      autoScroll={AUTO_SCROLL}
      accessibility={accessibility}
      onDragStart={events.start}
      onDragMove={dragPlaces.show}
      onDragOver={dragPlaces.show}
      onDragCancel={events.cancel}
      onDragEnd={events.end}
    >
      <DragDescribedByContext.Provider value={id}>{WORK_AREA}</DragDescribedByContext.Provider>
    </DndContext>
  );
});

/** Renders a {@link useFormBuilder} controller: toolbar, palette, canvas, property pane and preview. */
export const FormBuilderView = factory<FormBuilderViewFactory>((_props) => {
  const props = useProps('FormBuilderView', null, _props);
  const { controller: c, widgets: hostWidgets, onSaved, onNavigate, onDirtyChange, onImportPdf, compact, classNames, className, style, styles, unstyled, vars, attributes, ...others } = props;
  const getStyles = useStyles<FormBuilderViewFactory>({ name: 'FormBuilder', classes, props, className, style, classNames, styles, unstyled, vars, attributes });
  const formWidgets = useMemo(() => withFormWidgets(hostWidgets), [hostWidgets]);
  const { labels, state, dispatch, canEdit } = c;
  const locale = useLocale();
  const doc = state.document;
  // The canvas and the preview compile the whole form (tens of ms at 300 fields): they follow the document as a
  // deferred value, so typing in the property pane stays responsive and a burst of changes compiles once. A step that
  // changes the outline (add, delete, move, their undo and redo) shows at once: one Ctrl+Z is seen to undo one step.
  // A key typed in a field's label, help text or placeholder reaches the canvas's item at once through the live texts
  // (the item's own selector), and the canvas compiles the document once the typing pauses (unless the preview shows).
  const [liveTexts] = useState(createLiveTexts);
  const [showPreview, setShowPreview] = useState(false);
  const [view, setView] = useState<string>('canvas');
  // A new selection opens its panel (a hundred inputs and two rule editors) as a deferred value: the click shows on
  // the canvas at once, and the panel is drawn after it without holding a frame for long.
  const paneSelection = useDeferredValue(state.selection);
  const paneStale = (paneSelection?.id ?? '') !== (state.selection?.id ?? '');
  const [showJson, setShowJson] = useState(false);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<{ id: string; kind: ItemKind; name: string; dependents: string[] } | null>(null);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [activeDrag, setActiveDrag] = useState<UniqueIdentifier | null>(null);
  const [status, setStatus] = useState('');
  const cRef = useRef(c);
  cRef.current = c;
  // A narrow screen (a phone) shows one of palette, canvas, properties and preview at a time, as tabs.
  const theme = useMantineTheme();
  const narrowWindow = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`) ?? false;
  const narrow = compact ?? narrowWindow;
  const previewShown = narrow ? view === 'preview' : showPreview;
  const shownDoc = useCanvasDocument(doc, previewShown, sameOutline, liveTexts);
  const narrowRef = useRef(narrow);
  narrowRef.current = narrow;
  const canvasRef = useRef<HTMLDivElement>(null);
  const propertiesRef = useRef<HTMLDivElement>(null);
  const hintIds = useId();
  const paletteKeys = usePaletteKeys();
  // Enter on the selected item (or F2): to its label, once the pane shows that item (the pane is a deferred value,
  // and the label box of the item selected before must never take what is typed for this one).
  // A save problem's 'Go to' (`invalidFirst`): to the first box of the item's properties that says it is wrong (the
  // label box of a field that has none), else its label.
  const editLabel = useCallback((selection: NonNullable<BuilderSelection>, invalidFirst = false) => {
    if (narrowRef.current) setView('properties');
    focusWhenShown(() => {
      const pane = propertiesRef.current?.querySelector<HTMLElement>('[data-builder-panel]');
      if (!pane || pane.dataset.builderPanel !== selection.id) return null;
      const invalid = invalidFirst ? pane.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
      return invalid ?? pane.querySelector<HTMLElement>('[data-builder-label]') ?? pane.querySelector<HTMLElement>('input, textarea');
    });
  }, []);
  // After the palette's 'Add', the new item (the selection the add made) takes the focus. The action records the
  // selection it started from; the next change of the document or the selection answers it, however long the render
  // took: a new selection is the new item, an unchanged one means the action changed nothing to focus.
  const focusNewItem = useRef<{ from: BuilderSelection | null } | null>(null);
  useEffect(() => {
    const pending = focusNewItem.current;
    if (!pending) return;
    focusNewItem.current = null;
    const selection = state.selection;
    if (!selection || selection === pending.from) return;
    if (narrowRef.current) setView('canvas');
    focusWhenShown(() => canvasItem(canvasRef.current, selection.id));
  }, [state.document, state.selection]);

  // The pane shows another item from its top (it scrolls on its own beside the canvas).
  // Only when it was scrolled: writing scrollTop makes the browser lay the page out there and then, in the selection's
  // commit, and a selection commits twice (the pane, then the canvas's deferred render), so the frame lays it out again.
  const paneId = paneSelection?.id ?? null;
  const paneScrolled = useRef(false);
  const onPaneScroll = useCallback((event: UIEvent<HTMLElement>) => {
    paneScrolled.current = event.currentTarget.scrollTop > 0;
  }, []);
  useLayoutEffect(() => {
    if (!paneScrolled.current || !propertiesRef.current) return;
    propertiesRef.current.scrollTop = 0;
    paneScrolled.current = false;
  }, [paneId]);

  // Each visit of a box in the pane has a name of its own (a count of the focus moves into and within the pane): what
  // is typed in a text box during one visit is one undo step (`HistoryStep.typing`), where each key was one before.
  const paneFocus = useRef<{ visit: number; target: EventTarget | null }>({ visit: 0, target: null });
  const onPaneFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    paneFocus.current = { visit: paneFocus.current.visit + 1, target: event.target };
  }, []);
  const typingIn = useCallback((): string | undefined => {
    const { visit, target } = paneFocus.current;
    return isTextBox(target) && target.ownerDocument.activeElement === target ? `pane-${visit}` : undefined;
  }, []);

  const select = useCallback((selection: BuilderSelection) => cRef.current.dispatch({ type: 'select', selection }), []);
  const requestDelete = useCallback((id: string, kind: ItemKind) => {
    const { state: s, dispatch: d, labels: l, widgets: w } = cRef.current;
    const field = kind === 'field' ? findField(s.document, id) : null;
    const ids = kind === 'field' ? [id] : fieldIdsIn(s.document, id, kind);
    const dependents = dependentsOf(s.document, ids);
    if (dependents.length === 0) {
      d({ type: 'delete', id, kind });
      return;
    }
    const section = kind === 'section' ? findSection(s.document, id) : null;
    const pageIndex = kind === 'page' ? s.document.layout.pages.findIndex((p) => p.id === id) : -1;
    const page = s.document.layout.pages[pageIndex];
    // Each kind of item named as the canvas names it: a field by its label or kind, a section by its title, a page by
    // its title or number.
    const name = field
      ? fieldShownName(field.field, w, l)
      : section
        ? section.section.title || l.fbUntitledSection
        : page
          ? page.title || fillLabel(l.fbNewPageTitle, { number: pageIndex + 1 })
          : id;
    setConfirmDelete({ id, kind, name, dependents: dependents.map((f) => fieldShownName(f, w, l)) });
  }, []);
  // "Add section inside": a plain section at the end of the section's sections, named as the palette names one.
  const addSectionInside = useCallback((sectionId: string) => {
    const { state: s, dispatch: d, labels: l } = cRef.current;
    const at = findSection(s.document, sectionId);
    if (!at) return;
    d({ type: 'addSection', title: fillLabel(l.fbNewSectionTitle, { number: allSections(s.document.layout).length + 1 }), to: { pageId: at.page.id, parentId: sectionId } });
  }, []);
  // A name edited in place on the canvas: renamed in the document as it is now (the canvas shows a deferred one).
  const rename = useCallback((item: NonNullable<BuilderSelection>, text: string) => {
    const { state: s, dispatch: d, widgets } = cRef.current;
    const action = renameAction(s.document, item.id, text, widgets, item.type);
    if (action) d(action);
  }, []);
  // An item's menu: after Duplicate the copy (the selection the duplicate made) takes the focus, as a new item does
  // after 'Add', so the keyboard goes on from the copy.
  const canvasDispatch = useCallback(
    (action: BuilderAction) => {
      if (action.type === 'duplicate') focusNewItem.current = { from: cRef.current.state.selection };
      dispatch(action);
    },
    [dispatch],
  );
  const editing = useMemo<CanvasEditing | null>(
    () => (canEdit ? { dispatch: canvasDispatch, onMoveTo: setMoveTo, onDelete: requestDelete, onAddSectionInside: addSectionInside, onRename: rename } : null),
    [canEdit, canvasDispatch, requestDelete, addSectionInside, rename],
  );

  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));

  const announcements = useMemo<Announcements>(() => {
    // What was last said the item is over: a field's or palette entry's place changes inside a section's list without
    // dnd-kit's 'over' changing (the list), so each move says the place when it is a new one.
    let said: string | null = null;
    const picked = (active: { id: UniqueIdentifier }) => fillLabel(labels.fbDndPicked, { name: nameOf(cRef.current, active.id) });
    type Dragged = { id: UniqueIdentifier; data: { current?: unknown } };
    const place = (active: Dragged, over: Dragged | null) => dropTarget(active, over)?.id ?? null;
    const overText = (active: Dragged, over: Dragged | null) => {
      const target = place(active, over);
      if (target === said) return undefined;
      said = target;
      // Over itself (where a drag starts) is still where it was picked up, not "Email is over Email".
      if (target === String(active.id)) return picked(active);
      return target
        ? fillLabel(labels.fbDndOver, { name: nameOf(cRef.current, active.id), target: nameOf(cRef.current, target) })
        : fillLabel(labels.fbDndNowhere, { name: nameOf(cRef.current, active.id) });
    };
    return {
      onDragStart: ({ active }) => {
        said = String(active.id);
        return picked(active);
      },
      onDragMove: ({ active, over }) => overText(active, over),
      onDragOver: ({ active, over }) => overText(active, over),
      onDragEnd: ({ active, over }) => {
        const target = place(active, over);
        return target ? fillLabel(labels.fbDndDropped, { name: nameOf(cRef.current, active.id), target: nameOf(cRef.current, target) }) : fillLabel(labels.fbDndNowhere, { name: nameOf(cRef.current, active.id) });
      },
      onDragCancel: ({ active }) => fillLabel(labels.fbDndCancelled, { name: nameOf(cRef.current, active.id) }),
    };
  }, [labels]);

  const addEntry = useCallback(
    (entry: string, to?: { sectionId: string; index?: number }) => {
      const { labels: l, state: s, widgets } = cRef.current;
      focusNewItem.current = { from: s.selection };
      const pages = s.document.layout.pages;
      const sectionCount = allSections(s.document.layout).length;
      if (entry === 'page') dispatch({ type: 'addPage', title: fillLabel(l.fbNewPageTitle, { number: pages.length + 1 }), sectionTitle: fillLabel(l.fbNewSectionTitle, { number: 1 }) });
      else if (entry === 'section' || entry === 'repeatable') {
        // Like 'Add' with a section selected: right after the section dropped on, at its level (the model puts a
        // repeatable section that may not go there after the repeatable section around it). 'Add section inside', on
        // a section's menu, is the way into a section.
        dispatch({
          type: 'addSection',
          title: entry === 'repeatable' ? l.fbNewRepeatableTitle : fillLabel(l.fbNewSectionTitle, { number: sectionCount + 1 }),
          repeatable: entry === 'repeatable',
          after: to?.sectionId,
        });
      } else {
        const kind = widgets[entry];
        if (kind) dispatch({ type: 'addField', kind, to });
      }
    },
    [dispatch],
  );

  const onDragEnd = (event: DragEndEvent) => {
    setActiveDrag(null);
    dragPlaces.hide();
    const { active } = event;
    const over = dropTarget(active, event.over);
    if (!over) return;
    if (event.activatorEvent?.type === 'keydown') refocusAfterDrop(String(active.id));
    const outcome = dropOutcome(cRef.current.state.document, { id: String(active.id), data: active.data.current as DropData }, { id: String(over.id), data: over.data.current as DropData });
    if (outcome?.type === 'add') addEntry(outcome.entry, outcome.to);
    else if (outcome) dispatch(outcome.action);
  };

  // An undone or redone move draws the item anew elsewhere and the focus falls to the page's body, where the builder's
  // keys no longer reach: it goes to the item selected after the step, as after a keyboard drop.
  const undo = () => {
    const selected = state.past[state.past.length - 1]?.selectionBefore;
    dispatch({ type: 'undo' });
    setStatus(labels.fbUndone);
    if (selected && selected.type !== 'page') refocusAfterDrop(selected.id);
  };
  const redo = () => {
    const selected = state.future[state.future.length - 1]?.selectionAfter;
    dispatch({ type: 'redo' });
    setStatus(labels.fbRedone);
    if (selected && selected.type !== 'page') refocusAfterDrop(selected.id);
  };
  // What the Save button does, filled by the button while a save may start (Ctrl+S).
  const startSave = useRef<(() => void) | null>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!canEdit || !(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    // Ctrl+S never opens the browser's 'Save page' over the builder; it starts a save where the builder's keys reach.
    if (key === 's' && !event.shiftKey) event.preventDefault();
    // The JSON view's editor keeps its own undo for the text being typed, and so do the fields of the builder's
    // dialogs (their keys pass through its handlers, portalled or not); a host's dialog around the builder is no such.
    const target = event.target as HTMLElement;
    if (target.closest?.('.cm-editor')) return;
    const dialog = target.closest?.('[role="dialog"]');
    const from = event.currentTarget as unknown;
    if (dialog && !(from instanceof Node && dialog.contains(from))) return;
    if (key === 's' && !event.shiftKey) {
      startSave.current?.();
    } else if (key === 'z' && !event.shiftKey) {
      event.preventDefault();
      undo();
    } else if ((key === 'z' && event.shiftKey) || key === 'y') {
      event.preventDefault();
      redo();
    }
  };

  // A step that draws its item anew can leave the focus on the page's body for a moment: the keys still belong to the
  // builder then, so Ctrl+Shift+Z right after Ctrl+Z redoes whatever the timing.
  const keyHandler = useRef(onKeyDown);
  keyHandler.current = onKeyDown;
  useEffect(() => {
    const onBodyKey = (event: globalThis.KeyboardEvent) => {
      if (event.target === document.body) keyHandler.current(event as unknown as KeyboardEvent<HTMLDivElement>);
    };
    document.addEventListener('keydown', onBodyKey);
    return () => document.removeEventListener('keydown', onBodyKey);
  }, []);

  const back = () => {
    if (c.dirty) setConfirmLeave(true);
    else onNavigate?.('back');
  };
  const dirtyChanged = useRef(onDirtyChange);
  dirtyChanged.current = onDirtyChange;
  useEffect(() => {
    dirtyChanged.current?.(c.dirty);
  }, [c.dirty]);

  // The toolbar is memoised on what it shows; its buttons call the latest handlers through one stable object, so a
  // selection (which changes neither) does not draw it again.
  // The document the save button read when the user started the last save: the one saved.
  const saving = useRef<BuilderDocument | null>(null);
  const handlers = useRef({ undo, redo, back, onSaved, setShowJson, setShowPreview, select, editLabel, c });
  handlers.current = { undo, redo, back, onSaved, setShowJson, setShowPreview, select, editLabel, c };
  const toolbarActions = useMemo<ToolbarActions>(
    () => ({
      undo: () => handlers.current.undo(),
      redo: () => handlers.current.redo(),
      back: () => handlers.current.back(),
      toggleJson: () => handlers.current.setShowJson((v) => !v),
      togglePreview: () => handlers.current.setShowPreview((v) => !v),
      saved: (result) => {
        handlers.current.c.markSaved(saving.current ?? undefined);
        handlers.current.onSaved?.(result);
      },
      selectProblem: (target) => {
        handlers.current.select(target);
        if (target) handlers.current.editLabel(target, true);
      },
      startSave,
      document: () => {
        saving.current = handlers.current.c.state.document;
        return saving.current;
      },
    }),
    [],
  );
  const closeMoveTo = useCallback(() => setMoveTo(null), []);
  // dnd-kit's context is handed the same props from render to render (see `BuilderDnd`): its handlers call these.
  const dndHandlers = useRef<DndEvents | null>(null);
  const dndEvents = useMemo<DndEvents>(
    () => ({
      start: (event) => dndHandlers.current?.start(event),
      cancel: () => dndHandlers.current?.cancel(),
      end: (event) => dndHandlers.current?.end(event),
    }),
    [],
  );
  const dndAccessibility = useMemo(() => ({ announcements, screenReaderInstructions: { draggable: labels.fbDndInstructions } }), [announcements, labels.fbDndInstructions]);
  const workAreaKept = useRef<WorkAreaPart | null>(null);

  if (c.isLoading) return <LoadingState />;
  if (c.error) return <ErrorAlert message={labels.fbLoadFailed} error={c.error} onRetry={c.retry} />;
  if (c.notFound) return <Alert color="red">{labels.fbNotFound}</Alert>;

  const title = c.form ? fillLabel(labels.fbTitleEdit, { name: c.form.name }) : labels.fbTitleNew;
  const palette: { id: string; icon: ReactNode; name: string }[] = [
    ...Object.values(formWidgets).map((w) => ({ id: w.kind, icon: paletteIcon(w), name: widgetName(w.kind, w.name, labels) })),
  ];
  const layoutEntries = [
    { id: 'page', icon: BUILDER_ICONS.page, name: labels.fbPage },
    { id: 'section', icon: BUILDER_ICONS.section, name: labels.fbSection },
    { id: 'repeatable', icon: BUILDER_ICONS.repeatable, name: labels.fbRepeatableSection },
  ];
  const templates = canEdit && !c.form ? (
    <StartFrom labels={labels} onImportPdf={onImportPdf} onStart={(draft) => dispatch({ type: 'replaceDocument', document: draft as BuilderDocument })} />
  ) : null;

  const canvas = (
    <BuilderCanvas doc={shownDoc} liveTexts={liveTexts} selection={state.selection} kinds={c.widgets} widgets={formWidgets} labels={labels} editing={editing} onSelect={select} onEditLabel={editLabel} empty={templates} />
  );
  // Where 'Add' puts each kind of entry, for the selection the property pane shows (deferred: a click on the canvas
  // is not held up by it).
  const places = addPlaces(shownDoc, paneSelection, labels, c.widgets);
  const hint = { field: `${hintIds}-field`, section: `${hintIds}-section`, repeatable: `${hintIds}-repeatable`, page: `${hintIds}-page` };
  const hintFor = (id: string) => (id === 'page' ? hint.page : id === 'section' ? hint.section : id === 'repeatable' ? hint.repeatable : hint.field);

  const paletteEl = canEdit ? (
    <Paper withBorder p="sm" w={narrow ? '100%' : 240} component="nav" aria-label={labels.fbPalette} {...getStyles('palette', { style: { flexShrink: 0, ...(narrow ? null : PANE_IN_VIEW) } })}>
      <Stack gap={6} {...paletteKeys} aria-label={labels.fbPalette}>
        <Title order={2} size="h5">
          {labels.fbPaletteLayout}
        </Title>
        <Text size="xs" id={hint.section}>
          {places.section}
        </Text>
        <span id={hint.page} hidden>
          {places.page}
        </span>
        <span id={hint.repeatable} hidden>
          {places.repeatable}
        </span>
        {layoutEntries.map((e) => (
          <PaletteItem key={e.id} {...e} labels={labels} onAdd={addEntry} describedBy={hintFor(e.id)} />
        ))}
        <Title order={2} size="h5" mt="sm">
          {labels.fbPaletteFields}
        </Title>
        <Text size="xs" id={hint.field}>
          {places.field}
        </Text>
        {palette.map((e) => (
          <PaletteItem key={e.id} {...e} labels={labels} onAdd={addEntry} describedBy={hint.field} />
        ))}
      </Stack>
    </Paper>
  ) : null;
  const canvasEl = (
    <Box ref={canvasRef} {...getStyles('canvas', { style: { flex: 1, minWidth: 0 } })}>
      {canvas}
    </Box>
  );
  const overlay = <DragOverlay>{activeDrag ? <Paper withBorder p="xs" shadow="md">{overlayText(c, activeDrag)}</Paper> : null}</DragOverlay>;
  const propertiesEl = canEdit ? (
    <Paper ref={propertiesRef} onScroll={onPaneScroll} onFocus={onPaneFocus} withBorder p="sm" w={narrow ? '100%' : 340} component="aside" aria-label={labels.fbProperties} {...getStyles('properties', { style: { flexShrink: 0, ...(narrow ? null : PANE_IN_VIEW) } })}>
      {/* Until the pane shows the item just selected, it takes no input: what is typed never lands in the item before. */}
      <Stack gap="sm" data-builder-panel={paneSelection?.id ?? ''} inert={paneStale || undefined} aria-busy={paneStale || undefined}>
        <Title order={2} size="h4">
          {labels.fbProperties}
        </Title>
        <PropertyPane c={c} selection={paneSelection} typingIn={typingIn} />
      </Stack>
    </Paper>
  ) : null;
  const previewEl = (
    <Paper withBorder p="md" component="section" aria-label={labels.fbPreview} {...getStyles('preview')}>
      <Title order={2} size="h4" mb="sm">
        {labels.fbPreview}
      </Title>
      <BuilderPreview doc={shownDoc} widgets={formWidgets} kinds={c.widgets} labels={labels} />
    </Paper>
  );
  // The palette and the canvas in their drag-and-drop context are drawn again only when what they show changes: a key
  // typed in the property pane (the document, not the canvas's document) leaves them as they are. Their handlers read
  // the screen's latest state (`cRef`, stable callbacks).
  const workAreaDeps = [shownDoc, state.selection, paneSelection, activeDrag, editing, labels, formWidgets, c.widgets, canEdit, narrow, c.form, onImportPdf, liveTexts, select, editLabel, addEntry, classNames, styles, unstyled, vars, attributes, hintIds, paletteKeys.onFocus, paletteKeys.onKeyDown];
  // What dnd-kit's context is handed stays the same from render to render (the handlers read the latest state): the
  // context is drawn again for its own drag state only, not for each selection, key or undo of the screen.
  dndHandlers.current = {
    start: (e: DragStartEvent) => {
      dragPlaces.reset();
      setActiveDrag(e.active.id);
    },
    cancel: () => {
      dragPlaces.hide();
      setActiveDrag(null);
    },
    end: onDragEnd,
  };
  const workArea = keptPart(workAreaKept, workAreaDeps, () => (
    <>
      {narrow ? (
        <>
          {canEdit && (
            <Tabs.Panel value="add" pt="sm">
              {paletteEl}
            </Tabs.Panel>
          )}
          <Tabs.Panel value="canvas" pt="sm">
            {canvasEl}
          </Tabs.Panel>
        </>
      ) : (
        <>
          {paletteEl}
          {canvasEl}
        </>
      )}
      {overlay}
    </>
  ));
  const dnd = (
    <WorkAreaContext value={workArea}>
      <BuilderDnd id={`${hintIds}-dnd`} sensors={sensors} accessibility={dndAccessibility} events={dndEvents} />
    </WorkAreaContext>
  );

  return (
    <LabelsProvider labels={labels}>
      <Box {...getStyles('root')} {...others} onKeyDown={onKeyDown}>
        <Stack gap="md">
          <Group justify="space-between" {...getStyles('toolbar')} role="toolbar" aria-label={labels.fbToolbar}>
            <BuilderToolbar
              title={title}
              labels={labels}
              canEdit={canEdit}
              dirty={c.dirty}
              exists={c.exists}
              settling={c.settling ?? false}
              showBack={!!onNavigate}
              canUndo={state.past.length > 0}
              canRedo={state.future.length > 0}
              showJson={showJson}
              showPreview={showPreview}
              previewIsView={narrow}
              formId={c.form?.formId ?? null}
              formSchemaId={c.schema?.formSchemaId ?? null}
              schemaETag={c.schema?.['@odata.etag'] ?? null}
              widgets={c.widgets}
              actions={toolbarActions}
            />
          </Group>
          <Text role="status" aria-live="polite" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            {status}
          </Text>
          {!canEdit && <Alert color="gray">{labels.fbReadOnly}</Alert>}
          {canEdit && c.storedDraft && (
            <Alert title={labels.fbUnsaved}>
              <Group justify="space-between">
                <Text size="sm">{fillLabel(labels.fbDraftFound, { time: formatMoment(c.storedDraft.savedAt, locale, 'local') })}</Text>
                <Group gap="xs">
                  <Button size="xs" onClick={c.restoreDraft}>
                    {labels.fbDraftRestore}
                  </Button>
                  <Button size="xs" variant="default" onClick={c.discardDraft}>
                    {labels.fbDraftDiscard}
                  </Button>
                </Group>
              </Group>
            </Alert>
          )}
          {/* The drag-and-drop context holds the palette and the canvas only: dnd-kit's context changes on every pointer
              move of a drag, and React looks for its readers through the whole tree under it, which the property pane
              (a hundred inputs) need not be part of. It draws no element of its own, so the row lays out alike. */}
          {narrow ? (
            // A phone: one view at a time, as tabs, each the full width; the preview is a view of its own, reached
            // from the top of the screen rather than below the whole canvas.
            <Tabs value={view} onChange={(v) => v && setView(v)}>
              <Tabs.List grow aria-label={labels.fbViews}>
                {canEdit && <Tabs.Tab value="add">{labels.fbViewAdd}</Tabs.Tab>}
                <Tabs.Tab value="canvas">{labels.fbViewCanvas}</Tabs.Tab>
                {canEdit && <Tabs.Tab value="properties">{labels.fbViewProperties}</Tabs.Tab>}
                <Tabs.Tab value="preview">{labels.fbViewPreview}</Tabs.Tab>
              </Tabs.List>
              {dnd}
              {canEdit && (
                <Tabs.Panel value="properties" pt="sm">
                  {propertiesEl}
                </Tabs.Panel>
              )}
              <Tabs.Panel value="preview" pt="sm">
                {view === 'preview' && previewEl}
              </Tabs.Panel>
            </Tabs>
          ) : (
            <Group align="flex-start" gap="md" wrap="nowrap">
              {dnd}
              {propertiesEl}
            </Group>
          )}
          {showJson && (
            <Paper withBorder p="md">
              <JsonView
                value={doc}
                readOnly={!canEdit}
                labels={labels}
                checkOptions={{ widgets: c.widgets }}
                onChange={(draft) => dispatch({ type: 'replaceDocument', document: draft })}
              />
            </Paper>
          )}
          {showPreview && !narrow && previewEl}
        </Stack>
        <MoveToDialogWhenOpen c={c} itemId={moveTo} onClose={closeMoveTo} />
        <ConfirmWhenOpen
          opened={!!confirmDelete}
          title={fillLabel(labels.fbDeleteTitle, { name: confirmDelete?.name ?? '' })}
          message={
            <Stack gap="xs">
              <Text>{fillLabel(labels.fbDeleteMessage, { name: confirmDelete?.name ?? '' })}</Text>
              <Text>{fillLabel(labels.fbDeleteDependents, { names: formatList(confirmDelete?.dependents ?? [], locale) })}</Text>
            </Stack>
          }
          labels={{ confirm: labels.fbDelete }}
          onCancel={() => setConfirmDelete(null)}
          onConfirm={() => {
            if (confirmDelete) dispatch({ type: 'delete', id: confirmDelete.id, kind: confirmDelete.kind });
            setConfirmDelete(null);
          }}
        />
        <ConfirmWhenOpen
          opened={confirmLeave}
          title={labels.fbLeaveTitle}
          message={labels.fbLeaveMessage}
          labels={{ confirm: labels.fbLeave }}
          onCancel={() => setConfirmLeave(false)}
          onConfirm={() => {
            setConfirmLeave(false);
            onNavigate?.('back');
          }}
        />
      </Box>
    </LabelsProvider>
  );
});
FormBuilderView.displayName = '@ccq/forms-admin/FormBuilderView';

/**
 * The visual form builder: a palette of every widget kind (and page, section, repeatable section), a canvas that
 * shows the form with the renderer's own widgets, a property pane for the selection, and a live preview. Every change
 * is one step of a pure reducer, undone and redone by its patches (buttons, Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z); items move
 * by drag and drop (pointer or keyboard, announced) or by 'Move up', 'Move down' and 'Move to…'. The draft is kept
 * in the browser as the user goes and offered back after a reload. Router-free; without EditForm (CreateForm for a
 * new form) it shows the form with no edit control. Works on its own inside an `APIProvider`.
 */
export const FormBuilder = Object.assign(
  factory<FormBuilderFactory>((_props) => {
    const props = useProps('FormBuilder', null, _props);
    const { formId, formSchemaId, labels, draftStorage, draftOwner, ...viewProps } = props;
    const controller = useFormBuilder({ formId, formSchemaId, widgets: viewProps.widgets, labels, storage: draftStorage, draftOwner });
    return <FormBuilderView controller={controller} {...viewProps} />;
  }),
  {
    /**
     * Starts reading the form `formId` and its versions into the query cache (see `prefetchFormBuilder`): a host calls
     * it as the builder's route is entered, so the reads run beside the sign-in and permission checks.
     */
    prefetch: prefetchFormBuilder,
  },
);
FormBuilder.displayName = '@ccq/forms-admin/FormBuilder';
