import { Alert, Button, Group, List, NumberInput, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { FieldComputation, FieldOption, FieldRuleNode, FormField, JsonObject, JsonValue } from '../../api/types';
import { checkDataPath, pathFollowsLabel, type DataPathProblem } from '../../engine/authoring';
import { FILE_MAX_BYTES, FILE_MAX_COUNT, FILE_MEDIA_TYPES, fileLimitsOf, fileSchema, type FileLimits, type FileMediaType } from '../../engine/files';
import { fileTypeName } from '../../engine/file-type-name';
import { FORM_LIMITS } from '../../engine/limits';
import { matrixSchema } from '../../engine/matrix';
import { RATING_SCALE, WIDGET_KINDS, widgetKind, type WidgetKind, type WidgetKindRegistry, type WidgetPropertyEditor } from '../../engine/widget-kinds';
import { fillLabel, type Labels } from '../../query/labels';
import { useLocale } from '../../query/useLocale';
import { fillNumbers } from '../../labels/format';
import { useLabels } from '../../query/useLabels';
import { ERROR_CONTRAST, ERROR_TEXT } from './contrast';
import { GROWING_TEXTAREA_STYLES } from './growing-textarea';
import { OptionsEditor } from './OptionsEditor';
import { Redrawn } from '../Redrawn';
import { RuleEditor, ruleTargetName, type RuleEditorProps, type RuleFieldOption } from './RuleEditor';
import { CODE_INPUT_STYLES } from './code-input';
import { PaneMultiSelect, PaneSelect } from './pane-select';
import { pathForLabel } from '../model/rename';
import { fieldShownName } from '../widget-names';

/** What the panel hands back on every change: the field, its JSON Schema node and whether it is required. */
export interface FieldPropertiesChange {
  field: FormField;
  schema: JsonObject;
  required: boolean;
  /**
   * The data path the field is renamed to along with this change (paths as the field writes them): set when the label
   * changes while the path follows it, so a host applies the label and the rename as one step (one undo takes back
   * both). A host that leaves it out still gets the rename through `onRenamePath` when the label box is left.
   */
  renamePath?: string;
}

/**
 * The server's check of a pattern (its ReDoS analysis): resolves to the reason it is refused, or null when it is
 * accepted. Rejects when the server cannot be asked (the pattern is checked again on save).
 */
export type PatternCheckRequest = (pattern: string) => Promise<string | null>;

/** Props of {@link FieldPropertiesPanel}. */
export interface FieldPropertiesPanelProps {
  /** The selected field. */
  field: FormField;
  /** The JSON Schema node of its data path (`{}` when the schema has none). */
  schema: JsonObject;
  /** Whether its data path is listed in its parent object's `required`. */
  required: boolean;
  /** The other fields, for rules and computations (paths as this field's rules write them). */
  fields: readonly RuleFieldOption[];
  /** The AcroForm field names of the form's PDF template; the PDF field editor shows only when given. */
  pdfFieldNames?: readonly string[];
  /** Every change: the new field, schema node and required flag (one undo step each). */
  onChange: (next: FieldPropertiesChange) => void;
  /**
   * The data path changes from `from` to `to` (paths as the field writes them, relative to the item in a repeatable
   * section): the builder moves the schema node and rewrites every rule and computation naming it.
   */
  onRenamePath?: (from: string, to: string) => void;
  /**
   * Why a data path cannot be this field's, or null (the builder passes `checkDataPath` with its layout); by default
   * only the path's own form is checked.
   */
  checkPath?: (path: string) => DataPathProblem | null;
  /** The server's ReDoS check of a pattern, asked when the pattern box is left. */
  checkPattern?: PatternCheckRequest;
  /** The widget kinds (default the built-in ones): which editors a kind offers comes from its entry. */
  widgets?: WidgetKindRegistry;
  /** Texts overriding the defaults. */
  labels?: Partial<Labels>;
  /** Shows the properties without letting them be changed (a user without the right to edit). */
  readOnly?: boolean;
  /**
   * The data path the field has in the saved version of the form (as the field writes it), or undefined for a field
   * not saved yet. A saved field's path never follows its label; changing it is an explicit act ('Change data path…')
   * with a warning naming what it breaks.
   */
  savedPath?: string;
}

const FALLBACK_PROPERTIES: readonly WidgetPropertyEditor[] = ['label', 'helpText', 'required', 'readOnly', 'visibleWhen', 'requiredWhen'];
const FORMATS: readonly [string, keyof Labels][] = [
  ['', 'bpFormatNone'],
  ['email', 'bpFormatEmail'],
  ['uri', 'bpFormatUri'],
  ['date', 'bpFormatDate'],
  ['time', 'bpFormatTime'],
  ['date-time', 'bpFormatDateTime'],
  ['uuid', 'bpFormatUuid'],
];
const COMPUTATIONS: readonly [FieldComputation['op'], keyof Labels][] = [
  ['sum', 'bpComputedSum'],
  ['product', 'bpComputedProduct'],
  ['min', 'bpComputedMin'],
  ['max', 'bpComputedMax'],
  ['count', 'bpComputedCount'],
  ['concat', 'bpComputedConcat'],
];

/** Whether two lists of rule targets offer the same (the builder lists them anew on each change of the document). */
function sameRuleFields(a: readonly RuleFieldOption[], b: readonly RuleFieldOption[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((f, i) => {
    const g = b[i]!;
    return f.id === g.id && f.path === g.path && f.label === g.label && f.widget === g.widget && f.options === g.options && f.later === g.later;
  });
}

/**
 * The panel's rule editors, drawn again only when what they show changes: a key typed in another box of the panel
 * (the label) left their rows to build their pickers' lists of every field of the form again.
 */
const PanelRuleEditor = memo(
  RuleEditor,
  (a: RuleEditorProps, b: RuleEditorProps) =>
    a.legend === b.legend &&
    a.value === b.value &&
    a.onChange === b.onChange &&
    a.widgets === b.widgets &&
    a.labels === b.labels &&
    a.disabled === b.disabled &&
    sameRuleFields(a.fields, b.fields),
);

/** `value`, or the value of the render before when `same` finds them alike (a list built anew on each change). */
function useStable<T>(value: T, same: (a: T, b: T) => boolean): T {
  const kept = useRef(value);
  if (kept.current !== value && !same(kept.current, value)) kept.current = value;
  return kept.current;
}

/** The words of a data path problem, from the labels. */
export function dataPathProblemText(problem: DataPathProblem, labels: Labels): string {
  const other = { label: problem.other?.label ?? '', path: problem.other?.path ?? '', segment: problem.segment ?? '' };
  switch (problem.code) {
    case 'empty':
      return labels.bpPathEmpty;
    case 'syntax':
      return labels.bpPathSyntax;
    case 'empty-segment':
      return labels.bpPathEmptySegment;
    case 'forbidden-segment':
      return fillLabel(labels.bpPathForbidden, other);
    case 'wildcard':
      return labels.bpPathWildcard;
    case 'duplicate':
      return fillLabel(labels.bpPathDuplicate, other);
    case 'inside-field':
      return fillLabel(labels.bpPathInsideField, other);
    case 'contains-field':
      return fillLabel(labels.bpPathContainsField, other);
    case 'repeat-collision':
      return fillLabel(labels.bpPathRepeatCollision, other);
    default:
      return problem.message;
  }
}

const syntaxOnly = (path: string) => checkDataPath(path, { layout: { pages: [] } });

/** A copy of a schema node with `key` set, or removed when `value` is undefined. */
function withKey(schema: JsonObject, key: string, value: JsonValue | undefined): JsonObject {
  const next: JsonObject = { ...schema };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/**
 * The message a person reads when their answer does not match the pattern: the schema's `errorMessage` for the
 * `pattern` keyword (the engine reads it from an object of one message per keyword, or a single string for every
 * check), or '' for the engine's general message.
 */
function patternMessageOf(schema: JsonObject): string {
  const message = schema.errorMessage;
  if (typeof message === 'string') return message;
  if (message && typeof message === 'object' && !Array.isArray(message) && typeof message.pattern === 'string') return message.pattern;
  return '';
}

/** `errorMessage` with its pattern message set to `text` ('' takes it out; nothing left: no `errorMessage`). A single string stays as it is. */
function withPatternMessage(current: JsonValue | undefined, text: string): JsonValue | undefined {
  if (typeof current === 'string') return current;
  const others: JsonObject = current && typeof current === 'object' && !Array.isArray(current) ? { ...current } : {};
  delete others.pattern;
  const next: JsonObject = text === '' ? others : { ...others, pattern: text };
  return Object.keys(next).length === 0 ? undefined : next;
}

/** The schema node with the enum of its options: on the value itself for one choice, on the items for a list. */
function withOptions(schema: JsonObject, kind: WidgetKind | undefined, options: readonly FieldOption[], rows: readonly FieldOption[] = []): JsonObject {
  const values = options.map((o) => o.value);
  // A matrix's options are its columns: every row's enum.
  if (kind?.value === 'matrix') return { ...schema, ...matrixSchema(rows, options) };
  // A default that names an option no longer there (removed, or its value changed) goes with it: the form would start
  // with an answer the person cannot see among the options, refused when they submit.
  const { default: chosen, ...rest } = schema;
  if (kind?.value === 'list') {
    const items = typeof schema.items === 'object' && schema.items !== null && !Array.isArray(schema.items) ? schema.items : { type: 'string' };
    const kept = Array.isArray(chosen) ? chosen.filter((v) => typeof v === 'string' && values.includes(v)) : [];
    return { ...rest, ...(kept.length > 0 ? { default: kept } : {}), items: { ...items, enum: values } };
  }
  if (kind?.value === 'choice') return { ...rest, ...(typeof chosen === 'string' && values.includes(chosen) ? { default: chosen } : {}), enum: values };
  return schema;
}

interface PathEditorProps {
  field: FormField;
  labels: Labels;
  check: (path: string) => DataPathProblem | null;
  onRename?: (from: string, to: string) => void;
  readOnly: boolean;
  draft: string;
  setDraft: (path: string) => void;
  /** The path the field has in the saved version; a saved field's path changes only through 'Change data path…'. */
  savedPath?: string;
}

/**
 * The data path box: checked as you type, applied (renaming everywhere) when left or on Enter, only when valid. The
 * path of a saved field is read-only: 'Change data path…' opens the box with a warning naming what a new path breaks,
 * and only 'Change the data path' (or Enter) applies it.
 */
const PathEditor = memo(PathBox, (a, b) => {
  // A key typed in the label gives the panel a new field: the box is drawn again only when what it shows changed. While
  // a new path is being written (the draft differs) it is checked against the latest document on every render.
  if (b.draft !== b.field.path || a.field.id !== b.field.id || a.field.path !== b.field.path) return false;
  const keys = Object.keys(b) as (keyof PathEditorProps)[];
  return keys.length === Object.keys(a).length && keys.every((k) => k === 'field' || a[k] === b[k]);
});

function PathBox({ field, labels, check, onRename, readOnly, draft, setDraft, savedPath }: PathEditorProps) {
  // Opened for one field: another field selected meanwhile finds its path locked.
  const [unlockedFor, setUnlockedFor] = useState<string | null>(null);
  const unlocked = unlockedFor === field.id;
  const setUnlocked = (open: boolean) => setUnlockedFor(open ? field.id : null);
  const boxRef = useRef<HTMLInputElement>(null);
  // Opened for a change, the box takes the focus; the warning (an alert) is read out as it appears.
  useEffect(() => {
    if (unlocked) boxRef.current?.focus();
  }, [unlocked]);
  const saved = savedPath !== undefined;
  const editable = !readOnly && !!onRename && (!saved || unlocked);
  const problem = draft === field.path ? null : check(draft);
  const apply = () => {
    if (draft !== field.path && problem === null) onRename?.(field.path, draft);
  };
  const cancel = () => {
    setDraft(field.path);
    setUnlocked(false);
  };
  const box = (
    <TextInput
      label={labels.bpPath}
      description={saved ? labels.bpPathSavedHelp : labels.bpPathHelp}
      value={draft}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={saved ? undefined : apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && editable) {
          apply();
          if (saved && problem === null) setUnlocked(false);
        }
        if (e.key === 'Escape') {
          if (saved) cancel();
          else setDraft(field.path);
        }
      }}
      error={problem ? dataPathProblemText(problem, labels) : undefined}
      readOnly={!editable}
      spellCheck={false}
      styles={CODE_INPUT_STYLES}
      ref={boxRef}
    />
  );
  if (!saved || readOnly || !onRename) return box;
  const named = { path: savedPath };
  return (
    <Stack gap="xs">
      {box}
      {unlocked ? (
        <>
          <Alert color="yellow" variant="light" title={labels.bpPathChangeTitle} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            <Text size="sm">{fillLabel(labels.bpPathChangeIntro, named)}</Text>
            <List size="sm" mt={4}>
              <List.Item>{fillLabel(labels.bpPathChangeBreaksAnswers, named)}</List.Item>
              <List.Item>{fillLabel(labels.bpPathChangeBreaksLinks, named)}</List.Item>
              <List.Item>{fillLabel(labels.bpPathChangeBreaksPdf, named)}</List.Item>
            </List>
          </Alert>
          <Group gap="xs">
            <Button
              size="xs"
              disabled={draft === field.path || problem !== null}
              onClick={() => {
                apply();
                setUnlocked(false);
              }}
            >
              {labels.bpPathChangeApply}
            </Button>
            <Button size="xs" variant="default" onClick={cancel}>
              {fillLabel(labels.bpPathChangeCancel, { path: field.path })}
            </Button>
          </Group>
        </>
      ) : (
        <Button size="xs" variant="default" onClick={() => setUnlocked(true)} style={{ alignSelf: 'flex-start' }}>
          {labels.bpPathChange}
        </Button>
      )}
    </Stack>
  );
}

interface PatternEditorProps {
  schema: JsonObject;
  labels: Labels;
  readOnly: boolean;
  checkPattern?: PatternCheckRequest;
  onChange: (pattern: string | undefined) => void;
}

type PatternVerdict = { kind: 'checking' } | { kind: 'ok' } | { kind: 'refused'; reason: string } | { kind: 'unchecked' } | null;

/** The pattern box: it must compile as the engine compiles it; the server's ReDoS check answers when it is left. */
function PatternEditor({ schema, labels, readOnly, checkPattern, onChange }: PatternEditorProps) {
  const current = typeof schema.pattern === 'string' ? schema.pattern : '';
  const [verdict, setVerdict] = useState<{ pattern: string; verdict: PatternVerdict }>({ pattern: '', verdict: null });
  let syntax: string | null = null;
  if (current !== '') {
    if (current.length > FORM_LIMITS.maxPatternLength) syntax = fillLabel(labels.bpPatternInvalid, { reason: `> ${FORM_LIMITS.maxPatternLength}` });
    else {
      try {
        new RegExp(current, 'u');
      } catch (error) {
        syntax = fillLabel(labels.bpPatternInvalid, { reason: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  const shown = verdict.pattern === current ? verdict.verdict : null;
  const ask = () => {
    if (!checkPattern || current === '' || syntax !== null) return;
    const pattern = current;
    setVerdict({ pattern, verdict: { kind: 'checking' } });
    checkPattern(pattern).then(
      (reason) => setVerdict((v) => (v.pattern === pattern ? { pattern, verdict: reason ? { kind: 'refused', reason } : { kind: 'ok' } } : v)),
      () => setVerdict((v) => (v.pattern === pattern ? { pattern, verdict: { kind: 'unchecked' } } : v)),
    );
  };
  const error = syntax ?? (shown?.kind === 'refused' ? fillLabel(labels.bpPatternRefused, { reason: shown.reason }) : undefined);
  const note =
    shown?.kind === 'checking' ? labels.bpPatternChecking : shown?.kind === 'ok' ? labels.bpPatternOk : shown?.kind === 'unchecked' ? labels.bpPatternCheckFailed : null;
  return (
    <Stack gap={2}>
      <TextInput
        label={labels.bpPattern}
        description={labels.bpPatternHelp}
        value={current}
        onChange={(e) => onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
        onBlur={ask}
        error={error}
        readOnly={readOnly}
        spellCheck={false}
        styles={CODE_INPUT_STYLES}
      />
      {note && (
        <Text size="xs" role="status" aria-live="polite">
          {note}
        </Text>
      )}
    </Stack>
  );
}

/** Props of {@link BoundedNumberInput}. */
interface BoundedNumberInputProps {
  label: string;
  /** The stored value, shown whenever the box is not being typed in. */
  value: number;
  min: number;
  max: number;
  /** Decimal places allowed (0: whole numbers). */
  decimals: number;
  /** What the box says while a number outside `min`..`max` is typed. */
  outside: string;
  /** A number within the range, typed or brought into it on leaving the box. */
  onValue: (value: number) => void;
  readOnly: boolean;
}

/**
 * A number box with a range: a number typed within it is stored at once; one outside it is said under the box and
 * stored, on leaving, as the nearest end of the range; an emptied box shows the stored value again. The box shows what
 * is stored once the person leaves it (a number the store did not take is never left on show).
 */
function BoundedNumberInput({ label, value, min, max, decimals, outside, onValue, readOnly }: BoundedNumberInputProps) {
  // What is typed, while it differs from the stored value; null shows the stored value.
  const [typed, setTyped] = useState<number | string | null>(null);
  const beyond = typeof typed === 'number' && (typed < min || typed > max);
  return (
    <NumberInput
      label={label}
      value={typed ?? value}
      min={min}
      max={max}
      clampBehavior="none"
      allowNegative={false}
      allowDecimal={decimals > 0}
      decimalScale={decimals}
      error={beyond ? outside : undefined}
      onChange={(v) => {
        setTyped(v);
        if (typeof v === 'number' && v >= min && v <= max) onValue(v);
      }}
      onBlur={() => {
        if (beyond) onValue(Math.min(max, Math.max(min, typed)));
        setTyped(null);
      }}
      readOnly={readOnly}
    />
  );
}

/**
 * The property panel of one field: only the editors its widget kind lists in the registry (label, data path,
 * required, help text, placeholder, default, read-only, bounds, lengths, pattern, format, options, computed value,
 * PDF field, and the rules of `visibleWhen` / `requiredWhen`), each change handed back as the new field, schema node
 * and required flag.
 */
export function FieldPropertiesPanel(props: FieldPropertiesPanelProps) {
  const { field, schema, required, fields, pdfFieldNames, onChange, onRenamePath, checkPath = syntaxOnly, checkPattern, widgets = WIDGET_KINDS, readOnly = false, savedPath } = props;
  const labels = useLabels(props.labels);
  const locale = useLocale();
  const kind = widgetKind(field.widget, widgets);
  const properties = kind?.properties ?? FALLBACK_PROPERTIES;
  const storesValue = kind?.value !== 'none';
  // The path box keeps what is typed until it is applied; a new selection or an applied rename resets it.
  const [pathDraft, setPathDraft] = useState({ id: field.id, path: field.path, draft: field.path });
  const draft = pathDraft.id === field.id && pathDraft.path === field.path ? pathDraft.draft : field.path;
  // Whether the path followed the label when the label box was entered: then it follows the new label too. Kept with
  // the field it was found for: the panel stays mounted from one selected field to the next.
  const [followedFor, setFollowedFor] = useState<string | null>(null);
  const followed = followedFor === field.id;
  const setFollowed = (follows: boolean) => setFollowedFor(follows ? field.id : null);

  // The panel's props and state as last drawn: every handler reads them here, so an editor that was not drawn again
  // (see `Redrawn`) still hands back the latest field, schema node and required flag.
  const latest = useRef({ field, schema, required, onChange, onRenamePath, checkPath, savedPath, followed, storesValue });
  useLayoutEffect(() => {
    latest.current = { field, schema, required, onChange, onRenamePath, checkPath, savedPath, followed, storesValue };
  });
  // The path box's draft, kept for the field drawn last (the same function from render to render).
  const setDraft = useCallback((next: string) => {
    const { id, path } = latest.current.field;
    setPathDraft({ id, path, draft: next });
  }, []);
  // Another field selected while the focus is in the panel (Ctrl+Z in a box): the focus leaves the panel, as it did
  // when the panel was drawn anew for each field, so keys meant for the field before never reach this one. The box's
  // leave handlers read the new field (above) and do nothing for it.
  const panelRef = useRef<HTMLDivElement>(null);
  const shownId = useRef(field.id);
  useLayoutEffect(() => {
    if (shownId.current === field.id) return;
    shownId.current = field.id;
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && panelRef.current?.contains(focused)) focused.blur();
  }, [field.id]);
  const emit = (change: Partial<FieldPropertiesChange>) => {
    const now = latest.current;
    now.onChange({ field: now.field, schema: now.schema, required: now.required, ...change });
  };
  const setField = (changes: Partial<FormField>) => {
    const next: FormField = { ...latest.current.field, ...changes };
    for (const key of Object.keys(changes) as (keyof FormField)[]) if (changes[key] === undefined) delete next[key];
    emit({ field: next });
  };
  const setSchema = (key: string, value: JsonValue | undefined) => emit({ schema: withKey(latest.current.schema, key, value) });
  // The rule editors' callbacks stay the same from render to render (`setField` reads the latest props).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  const setVisibleWhen = useCallback((rules: FieldRuleNode[]) => setField({ visibleWhen: rules.length === 0 ? undefined : rules }), []);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  const setRequiredWhen = useCallback((rules: FieldRuleNode[]) => setField({ requiredWhen: rules.length === 0 ? undefined : rules }), []);
  // The path box's check and rename, the same functions from render to render (the builder passes new ones each time).
  const check = useCallback((path: string) => latest.current.checkPath(path), []);
  const rename = useCallback((from: string, to: string) => latest.current.onRenamePath?.(from, to), []);
  // The rule targets are listed anew on each change of the document; the editors that read them take the same list
  // while what it offers stays the same.
  const targets = useStable(fields, sameRuleFields);

  /** The path a label gives the field when its path follows the label (null when it stays as it is). */
  const followingPath = (label: string): string | null => {
    const now = latest.current;
    if (!now.followed || !now.onRenamePath || !now.storesValue || now.savedPath !== undefined) return null;
    return pathForLabel(now.field, label, now.checkPath);
  };
  // The path follows each key typed in the change itself (`renamePath`); leaving the label box renames it only for a
  // host that did not apply that.
  const setLabel = (label: string) => {
    const to = followingPath(label);
    const current = latest.current.field;
    emit(to === null ? { field: { ...current, label } } : { field: { ...current, label }, renamePath: to });
  };
  const renameAfterLabel = () => {
    const current = latest.current.field;
    const to = followingPath(current.label);
    if (to !== null) latest.current.onRenamePath?.(current.path, to);
  };

  const numberEditor = (key: string, label: string, min?: number) => (
    <NumberInput
      key={key}
      label={label}
      value={typeof schema[key] === 'number' ? (schema[key] as number) : ''}
      onChange={(v) => setSchema(key, typeof v === 'number' ? v : undefined)}
      min={min}
      readOnly={readOnly}
      allowDecimal={key !== 'minLength' && key !== 'maxLength' && key !== 'minItems' && key !== 'maxItems'}
    />
  );
  // A box with what is wrong with its value said under it (the draft check refuses it on saving).
  const withAlert = (key: string, box: ReactNode, problem: string | false) => (
    <Stack key={key} gap={2}>
      {box}
      {problem && (
        <Text size="sm" c={ERROR_TEXT} role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
  const inverted = (lo: string, hi: string) => typeof schema[lo] === 'number' && typeof schema[hi] === 'number' && (schema[lo] as number) > (schema[hi] as number);

  const defaultEditor = (): ReactNode => {
    const value = schema.default;
    const options = (field.options ?? []).map((o) => ({ value: o.value, label: o.label }));
    if (kind?.value === 'boolean') {
      return (
        <PaneSelect
          key="default"
          label={labels.bpDefault}
          data={[
            { value: '', label: labels.bpNoDefault },
            { value: 'true', label: labels.bpYes },
            { value: 'false', label: labels.bpNo },
          ]}
          value={value === true ? 'true' : value === false ? 'false' : ''}
          onChange={(v) => setSchema('default', v === 'true' ? true : v === 'false' ? false : undefined)}
          readOnly={readOnly}
          allowDeselect={false}
        />
      );
    }
    if (kind?.value === 'list') {
      return (
        <PaneMultiSelect
          key="default"
          label={labels.bpDefault}
          data={options}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(v) => setSchema('default', v.length === 0 ? undefined : v)}
          readOnly={readOnly}
        />
      );
    }
    if (kind?.value === 'choice') {
      return (
        <PaneSelect
          key="default"
          label={labels.bpDefault}
          data={[{ value: '', label: labels.bpNoDefault }, ...options]}
          value={value === undefined || value === null ? '' : String(value)}
          onChange={(v) => setSchema('default', v ? v : undefined)}
          readOnly={readOnly}
          allowDeselect={false}
        />
      );
    }
    if (kind?.value === 'number') {
      const outside =
        typeof value === 'number' && ((typeof schema.minimum === 'number' && value < schema.minimum) || (typeof schema.maximum === 'number' && value > schema.maximum));
      return withAlert(
        'default',
        <NumberInput
          label={labels.bpDefault}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => setSchema('default', typeof v === 'number' ? v : undefined)}
          readOnly={readOnly}
        />,
        outside && labels.bpDefaultOutside,
      );
    }
    return (
      <TextInput
        key="default"
        label={labels.bpDefault}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => setSchema('default', e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
        readOnly={readOnly}
      />
    );
  };

  const computedEditor = (): ReactNode => {
    const computed = field.computed;
    const sources = targets.filter((f) => f.widget !== 'static').map((f) => ({ value: f.path, label: ruleTargetName(f, widgets, labels) }));
    for (const path of computed?.paths ?? []) if (!sources.some((s) => s.value === path)) sources.push({ value: path, label: path });
    return (
      <Stack key="computed" gap="xs">
        <PaneSelect
          label={labels.bpComputed}
          data={[{ value: '', label: labels.bpComputedNone }, ...COMPUTATIONS.map(([op, key]) => ({ value: op, label: labels[key] }))]}
          value={computed?.op ?? ''}
          onChange={(op) => setField({ computed: op ? { ...(computed ?? { paths: [] }), op: op as FieldComputation['op'] } : undefined })}
          readOnly={readOnly}
          allowDeselect={false}
        />
        {computed && (
          <PaneMultiSelect
            label={labels.bpComputedPaths}
            data={sources}
            value={computed.paths}
            onChange={(paths) => setField({ computed: { ...computed, paths } })}
            readOnly={readOnly}
            searchable
          />
        )}
        {computed?.op === 'concat' && (
          <TextInput
            label={labels.bpComputedSeparator}
            value={computed.separator ?? ' '}
            onChange={(e) => setField({ computed: { ...computed, separator: e.currentTarget.value } })}
            readOnly={readOnly}
          />
        )}
      </Stack>
    );
  };

  /** What each editor shows: it is drawn again when one of these changes (besides the panel's texts and kind). */
  const editorDeps = (property: WidgetPropertyEditor): readonly unknown[] => {
    switch (property) {
      case 'label':
        return [field.id, field.label, field.path, draft, savedPath, storesValue, !!onRenamePath];
      case 'required':
        return [required, storesValue];
      case 'helpText':
      case 'placeholder':
      case 'readOnly':
      case 'pdfFieldName':
        return [field[property], pdfFieldNames];
      case 'default':
        return [schema.default, field.options];
      case 'options':
      case 'rows':
        return [field.id, field.options, field.rows, schema];
      case 'computed':
        return [field.computed, targets];
      case 'visibleWhen':
      case 'requiredWhen':
        return [field[property], targets, storesValue];
      case 'pattern':
        return [schema, checkPattern];
      default:
        // Bounds, lengths, stars, file limits: the schema node.
        return [schema, field.id];
    }
  };

  const editor = (property: WidgetPropertyEditor): ReactNode => {
    switch (property) {
      case 'label':
        return (
          <Stack key="label" gap="sm">
            <TextInput
              label={labels.bpLabel}
              data-builder-label=""
              value={field.label}
              onFocus={() => setFollowed(savedPath === undefined && pathFollowsLabel(field.path, field.label))}
              onChange={(e) => setLabel(e.currentTarget.value)}
              onBlur={renameAfterLabel}
              // A field that stores an answer needs a label (a box that says nothing asks nothing; the save refuses it);
              // a text block's label is its optional heading.
              error={storesValue && field.label.trim() === '' ? labels.bpLabelRequired : undefined}
              readOnly={readOnly}
              required={storesValue}
            />
            {storesValue && <PathEditor field={field} labels={labels} check={check} onRename={onRenamePath ? rename : undefined} readOnly={readOnly} draft={draft} setDraft={setDraft} savedPath={savedPath} />}
          </Stack>
        );
      case 'required':
        return storesValue ? (
          <Switch key="required" label={labels.bpRequired} checked={required} onChange={(e) => emit({ required: e.currentTarget.checked })} disabled={readOnly} />
        ) : null;
      case 'helpText':
        return (
          <Textarea
            key="helpText"
            label={labels.bpHelpText}
            value={field.helpText ?? ''}
            onChange={(e) => setField({ helpText: e.currentTarget.value === '' ? undefined : e.currentTarget.value })}
            readOnly={readOnly}
            rows={2}
            styles={GROWING_TEXTAREA_STYLES}
          />
        );
      case 'placeholder':
        return (
          <TextInput
            key="placeholder"
            label={labels.bpPlaceholder}
            value={field.placeholder ?? ''}
            onChange={(e) => setField({ placeholder: e.currentTarget.value === '' ? undefined : e.currentTarget.value })}
            readOnly={readOnly}
          />
        );
      case 'default':
        return defaultEditor();
      case 'readOnly':
        return (
          <Switch
            key="readOnly"
            label={labels.bpReadOnly}
            checked={Boolean(field.readOnly)}
            onChange={(e) => setField({ readOnly: e.currentTarget.checked ? true : undefined })}
            disabled={readOnly}
          />
        );
      case 'minimum':
        return withAlert('minimum', numberEditor('minimum', labels.bpMinimum), inverted('minimum', 'maximum') && labels.bpRangeInverted);
      case 'maximum':
        return numberEditor('maximum', labels.bpMaximum);
      case 'stars': {
        // A rating's scale: the `maximum` of its path, a whole number within the kind's scale (3 to 10 stars).
        const [fewest, most] = kind?.scale?.maximum ?? RATING_SCALE.maximum;
        const counts: string[] = [];
        for (let n = fewest; n <= most; n++) counts.push(String(n));
        return (
          <PaneSelect
            key="stars"
            label={labels.bpStars}
            data={counts}
            value={typeof schema.maximum === 'number' ? String(schema.maximum) : null}
            onChange={(v) => {
              if (v) setSchema('maximum', Number(v));
            }}
            readOnly={readOnly}
            allowDeselect={false}
          />
        );
      }
      case 'multipleOf':
        return withAlert('multipleOf', numberEditor('multipleOf', labels.bpStep, 0), typeof schema.multipleOf === 'number' && schema.multipleOf <= 0 && labels.bpStepNotPositive);
      case 'minLength':
        return withAlert('minLength', numberEditor('minLength', labels.bpMinLength, 0), inverted('minLength', 'maxLength') && labels.bpRangeInverted);
      case 'maxLength':
        return numberEditor('maxLength', labels.bpMaxLength, 0);
      case 'minItems':
        return withAlert('minItems', numberEditor('minItems', labels.bpMinItems, 0), inverted('minItems', 'maxItems') && labels.bpRangeInverted);
      case 'maxItems':
        return numberEditor('maxItems', labels.bpMaxItems, 0);
      case 'pattern':
        return (
          <Stack key="pattern" gap="sm">
            <PatternEditor
              schema={schema}
              labels={labels}
              readOnly={readOnly}
              checkPattern={checkPattern}
              // A pattern taken away takes its message with it.
              onChange={(p) => {
                const now = latest.current.schema;
                const next = withKey(now, 'pattern', p);
                emit({ schema: p === undefined ? withKey(next, 'errorMessage', withPatternMessage(now.errorMessage, '')) : next });
              }}
            />
            {typeof schema.pattern === 'string' && (
              <TextInput
                label={labels.bpPatternMessage}
                description={typeof schema.errorMessage === 'string' ? labels.bpPatternMessageWhole : labels.bpPatternMessageHelp}
                value={patternMessageOf(schema)}
                onChange={(e) => setSchema('errorMessage', withPatternMessage(latest.current.schema.errorMessage, e.currentTarget.value))}
                readOnly={readOnly || typeof schema.errorMessage === 'string'}
              />
            )}
            {kind?.formats === null && (
              <PaneSelect
                label={labels.bpFormat}
                data={FORMATS.map(([value, key]) => ({ value, label: labels[key] }))}
                value={typeof schema.format === 'string' ? schema.format : ''}
                onChange={(v) => setSchema('format', v ? v : undefined)}
                readOnly={readOnly}
                allowDeselect={false}
              />
            )}
          </Stack>
        );
      case 'options':
        return (
          <OptionsEditor
            key={`options:${field.id}`}
            value={field.options ?? []}
            labels={props.labels}
            disabled={readOnly}
            {...(kind?.value === 'matrix' ? { legend: labels.bpColumns } : {})}
            onChange={(options) => {
              const now = latest.current;
              emit({ field: { ...now.field, options }, schema: withOptions(now.schema, kind, options, now.field.rows) });
            }}
          />
        );
      case 'rows':
        // A matrix's rows: each one a property of its path's object (the columns its enum).
        return (
          <OptionsEditor
            key={`rows:${field.id}`}
            value={field.rows ?? []}
            labels={props.labels}
            disabled={readOnly}
            legend={labels.bpRows}
            onChange={(rows) => {
              const now = latest.current;
              emit({ field: { ...now.field, rows }, schema: { ...now.schema, ...matrixSchema(rows, now.field.options ?? []) } });
            }}
          />
        );
      case 'fileLimits': {
        // A file upload's limits live in its path's schema (the one validator checks every answer against them).
        const limits = fileLimitsOf(schema);
        const setLimits = (change: Partial<FileLimits>) => emit({ schema: { ...latest.current.schema, ...fileSchema({ ...fileLimitsOf(latest.current.schema), ...change }) } });
        const megabyte = 1024 * 1024;
        return (
          <Stack key="fileLimits" gap="sm">
            <PaneMultiSelect
              label={labels.bpFileTypes}
              data={FILE_MEDIA_TYPES.map((type) => ({ value: type, label: fileTypeName(type) }))}
              value={[...limits.accepted]}
              onChange={(v) => {
                if (v.length > 0) setLimits({ accepted: FILE_MEDIA_TYPES.filter((t) => v.includes(t)) as FileMediaType[] });
              }}
              readOnly={readOnly}
            />
            <BoundedNumberInput
              label={labels.bpMaxFileMb}
              value={limits.maxBytes / megabyte}
              min={0.1}
              max={FILE_MAX_BYTES / megabyte}
              decimals={1}
              outside={fillNumbers(labels.bpMaxFileMbRange, { min: 0.1, max: FILE_MAX_BYTES / megabyte }, locale)}
              onValue={(v) => setLimits({ maxBytes: Math.round(v * megabyte) })}
              readOnly={readOnly}
            />
            <BoundedNumberInput
              label={labels.bpMaxFiles}
              value={limits.maxFiles}
              min={1}
              max={FILE_MAX_COUNT}
              decimals={0}
              outside={fillNumbers(labels.bpMaxFilesRange, { min: 1, max: FILE_MAX_COUNT }, locale)}
              onValue={(v) => setLimits({ maxFiles: v })}
              readOnly={readOnly}
            />
          </Stack>
        );
      }
      case 'computed':
        return computedEditor();
      case 'pdfFieldName':
        return pdfFieldNames ? (
          <PaneSelect
            key="pdfFieldName"
            label={labels.bpPdfField}
            data={[{ value: '', label: labels.bpPdfFieldNone }, ...pdfFieldNames.map((n) => ({ value: n, label: n }))]}
            value={field.pdfFieldName ?? ''}
            onChange={(v) => setField({ pdfFieldName: v ? v : undefined })}
            readOnly={readOnly}
            searchable
            allowDeselect={false}
          />
        ) : null;
      case 'visibleWhen':
        return (
          <PanelRuleEditor
            key="visibleWhen"
            legend={labels.bpVisibleWhen}
            value={field.visibleWhen}
            onChange={setVisibleWhen}
            fields={targets}
            widgets={widgets}
            labels={props.labels}
            disabled={readOnly}
          />
        );
      case 'requiredWhen':
        return storesValue ? (
          <PanelRuleEditor
            key="requiredWhen"
            legend={labels.bpRequiredWhen}
            value={field.requiredWhen}
            onChange={setRequiredWhen}
            fields={targets}
            widgets={widgets}
            labels={props.labels}
            disabled={readOnly}
          />
        ) : null;
      default:
        return null;
    }
  };

  return (
    <Stack ref={panelRef} gap="md" role="region" aria-label={fillLabel(labels.bpFieldRegion, { label: fieldShownName(field, widgets, labels) })} style={ERROR_CONTRAST}>
      <div>
        <Title order={3} size="h4">
          {labels.bpFieldTitle}
        </Title>
        <Text size="sm">{fillLabel(labels.bpKind, { kind: kind?.name ?? field.widget })}</Text>
      </div>
      {properties.map((property) => (
        <Redrawn key={property} deps={[...editorDeps(property), readOnly, labels, props.labels, kind, widgets]} render={() => editor(property)} />
      ))}
    </Stack>
  );
}
