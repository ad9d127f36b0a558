import { useId, useMemo } from 'react';
import { Button, Fieldset, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { FieldRule, FieldRuleGroup, FieldRuleNode, JsonValue } from '../../api/types';
import { groupMembers, isRuleGroup, ruleLacksValue } from '../../engine/rules';
import { FORM_LIMITS } from '../../engine/limits';
import { WIDGET_KINDS, widgetKind, type WidgetKindRegistry } from '../../engine/widget-kinds';
import { fillLabel, type Labels } from '../../query/labels';
import { useLabels } from '../../query/useLabels';
import { fieldShownName, localizeWidgetKinds } from '../widget-names';
import { ERROR_CONTRAST, ERROR_TEXT } from './contrast';
import { PaneMultiSelect, PaneSelect } from './pane-select';

/** A field a rule may name, as the rule writes its path (see `ruleTargets` of the authoring helpers). */
export interface RuleFieldOption {
  id: string;
  /** The path as the rule writes it (relative to the item in a repeatable section). */
  path: string;
  label: string;
  widget: string;
  options?: { value: string; label: string }[];
  /** Comes after the field whose rules these are: a rule on it is flagged. */
  later?: boolean;
}

/** Props of {@link RuleEditor}. */
export interface RuleEditorProps {
  /** The legend of the editor ("Show this field when"). */
  legend: string;
  /** The rules and groups (a plain list is an `all`; a single `any` group shows as "Any of these" at the top). */
  value: readonly FieldRuleNode[] | undefined;
  onChange: (next: FieldRuleNode[]) => void;
  /** The fields a rule may name. */
  fields: readonly RuleFieldOption[];
  /** The widget kinds (default the built-in ones): the value input follows the kind of the picked field. */
  widgets?: WidgetKindRegistry;
  /** Texts overriding the defaults. */
  labels?: Partial<Labels>;
  /** Turns every input off (a user without the right to edit). */
  disabled?: boolean;
}

type Mode = 'all' | 'any';
const OPS: readonly FieldRule['op'][] = ['eq', 'neq', 'in', 'notIn', 'empty', 'notEmpty', 'gt', 'lt'];
const OP_LABEL: Record<FieldRule['op'], keyof Labels> = {
  eq: 'reOpEq',
  neq: 'reOpNeq',
  in: 'reOpIn',
  notIn: 'reOpNotIn',
  empty: 'reOpEmpty',
  notEmpty: 'reOpNotEmpty',
  gt: 'reOpGt',
  lt: 'reOpLt',
};

/** The top of a rule list as a group: a single `any` group is shown as the list's own mode. */
function topGroup(value: readonly FieldRuleNode[]): { mode: Mode; members: readonly FieldRuleNode[] } {
  const only = value.length === 1 ? value[0] : undefined;
  if (only && isRuleGroup(only) && Array.isArray(only.any)) return { mode: 'any', members: only.any };
  return { mode: 'all', members: value };
}

function fromTop(mode: Mode, members: FieldRuleNode[]): FieldRuleNode[] {
  return mode === 'any' ? [{ any: members }] : members;
}

function makeGroup(mode: Mode, members: FieldRuleNode[]): FieldRuleGroup {
  return mode === 'any' ? { any: members } : { all: members };
}

/** The operators that make sense for a kind of value. */
function opsFor(valueKind: string | undefined): readonly FieldRule['op'][] {
  switch (valueKind) {
    case 'boolean':
      return ['eq', 'neq', 'empty', 'notEmpty'];
    case 'number':
      return ['eq', 'neq', 'gt', 'lt', 'empty', 'notEmpty'];
    case 'choice':
    case 'list':
      return ['eq', 'neq', 'in', 'notIn', 'empty', 'notEmpty'];
    case 'string':
      return ['eq', 'neq', 'empty', 'notEmpty', 'gt', 'lt'];
    default:
      return OPS;
  }
}

/**
 * A field as the editor names it ({@link fieldShownName}): its label, or for a field without one, the name the canvas
 * shows and the path as the rule writes it (relative to the item in a repeatable section).
 */
export function ruleTargetName(field: RuleFieldOption, widgets: WidgetKindRegistry, labels: Labels): string {
  return fieldShownName(field, widgets, labels);
}

/** Why a rule cannot be relied on, in the editor's words, or null. */
function ruleProblem(rule: FieldRule, fields: readonly RuleFieldOption[], widgets: WidgetKindRegistry, labels: Labels): string | null {
  const target = fields.find((f) => f.path === rule.path);
  if (!target) return fillLabel(labels.reMissing, { path: rule.path || '—' });
  if (target.later) return fillLabel(labels.reLater, { label: ruleTargetName(target, widgets, labels) });
  if (ruleLacksValue(rule)) return labels.reNoValue;
  return null;
}

interface ValueInputProps {
  rule: FieldRule;
  target: RuleFieldOption | undefined;
  widgets: WidgetKindRegistry;
  labels: Labels;
  disabled: boolean;
  onChange: (value: JsonValue | undefined) => void;
}

/** The value of a rule, entered the way the picked field is answered: its options, yes / no, a number or text. */
function RuleValueInput({ rule, target, widgets, labels, disabled, onChange }: ValueInputProps) {
  if (rule.op === 'empty' || rule.op === 'notEmpty') return null;
  const kind = target ? widgetKind(target.widget, widgets) : undefined;
  const options = target?.options?.map((o) => ({ value: o.value, label: o.label })) ?? [];
  if (rule.op === 'in' || rule.op === 'notIn') {
    const current = Array.isArray(rule.value) ? rule.value.map(String) : rule.value === undefined ? [] : [String(rule.value)];
    if (options.length > 0) {
      return <PaneMultiSelect label={labels.reValue} data={options} value={current} onChange={(v) => onChange(v)} disabled={disabled} searchable />;
    }
    return (
      <TextInput
        label={labels.reValue}
        value={current.join(', ')}
        onChange={(e) => onChange(e.currentTarget.value.split(',').map((v) => v.trim()).filter((v) => v !== ''))}
        disabled={disabled}
      />
    );
  }
  if (kind?.value === 'boolean') {
    return (
      <PaneSelect
        label={labels.reValue}
        data={[
          { value: 'true', label: labels.reTrue },
          { value: 'false', label: labels.reFalse },
        ]}
        value={rule.value === true ? 'true' : rule.value === false ? 'false' : null}
        onChange={(v) => onChange(v === null ? undefined : v === 'true')}
        disabled={disabled}
        allowDeselect={false}
      />
    );
  }
  if (options.length > 0 && (rule.op === 'eq' || rule.op === 'neq')) {
    return (
      <PaneSelect
        label={labels.reValue}
        data={options}
        value={rule.value === undefined || rule.value === null ? null : String(rule.value)}
        onChange={(v) => onChange(v ?? undefined)}
        disabled={disabled}
        searchable
      />
    );
  }
  if (kind?.value === 'number' || rule.op === 'gt' || rule.op === 'lt') {
    return (
      <NumberInput
        label={labels.reValue}
        value={typeof rule.value === 'number' ? rule.value : ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
        disabled={disabled}
      />
    );
  }
  return (
    <TextInput
      label={labels.reValue}
      value={typeof rule.value === 'string' ? rule.value : rule.value === undefined || rule.value === null ? '' : String(rule.value)}
      onChange={(e) => onChange(e.currentTarget.value)}
      disabled={disabled}
    />
  );
}

interface RuleRowProps {
  rule: FieldRule;
  n: number;
  fields: readonly RuleFieldOption[];
  widgets: WidgetKindRegistry;
  labels: Labels;
  disabled: boolean;
  onChange: (rule: FieldRule) => void;
  onRemove: () => void;
}

function RuleRow({ rule, n, fields, widgets, labels, disabled, onChange, onRemove }: RuleRowProps) {
  const target = fields.find((f) => f.path === rule.path);
  const kind = target ? widgetKind(target.widget, widgets) : undefined;
  const ops = opsFor(kind?.value);
  const problem = ruleProblem(rule, fields, widgets, labels);
  const fieldData = fields.map((f) => ({ value: f.path, label: ruleTargetName(f, widgets, labels) }));
  // A rule naming a deleted field keeps its path in the list, so the picker still shows what it names.
  if (!target && rule.path) fieldData.push({ value: rule.path, label: rule.path });
  const name = fillLabel(labels.reRule, { n });
  return (
    <Stack gap={4} role="group" aria-label={name}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <PaneSelect
          label={labels.reField}
          placeholder={labels.reChooseField}
          data={fieldData}
          value={rule.path || null}
          onChange={(path) => {
            if (path === null) return;
            const next = fields.find((f) => f.path === path);
            const nextOps = opsFor(next ? widgetKind(next.widget, widgets)?.value : undefined);
            // The value belongs to the old field's kind: a new field starts without one.
            onChange({ path, op: nextOps.includes(rule.op) ? rule.op : 'eq' });
          }}
          disabled={disabled}
          searchable
          allowDeselect={false}
          // The field picker is marked when the field is the problem (a missing value is the value's).
          error={problem !== null && problem !== labels.reNoValue}
          w={200}
        />
        <PaneSelect
          label={labels.reOperator}
          data={ops.map((op) => ({ value: op, label: labels[OP_LABEL[op]] }))}
          value={rule.op}
          onChange={(op) => {
            if (op === null) return;
            const next: FieldRule = { path: rule.path, op: op as FieldRule['op'] };
            const keeps = op !== 'empty' && op !== 'notEmpty' && rule.value !== undefined;
            const wantsList = op === 'in' || op === 'notIn';
            if (keeps) next.value = wantsList === Array.isArray(rule.value) ? rule.value : wantsList ? [rule.value as JsonValue] : Array.isArray(rule.value) ? (rule.value[0] ?? null) : rule.value;
            onChange(next);
          }}
          disabled={disabled}
          allowDeselect={false}
          w={170}
        />
        <RuleValueInput
          rule={rule}
          target={target}
          widgets={widgets}
          labels={labels}
          disabled={disabled}
          onChange={(value) => {
            const next: FieldRule = { path: rule.path, op: rule.op };
            if (value !== undefined) next.value = value;
            onChange(next);
          }}
        />
        <Button variant="subtle" color="red" onClick={onRemove} disabled={disabled} aria-label={fillLabel(labels.reRemoveRule, { n })}>
          ×
        </Button>
      </Group>
      {problem && (
        <Text size="sm" c={ERROR_TEXT} role="note">
          {problem}
        </Text>
      )}
    </Stack>
  );
}

interface GroupEditorProps {
  mode: Mode;
  members: readonly FieldRuleNode[];
  level: number;
  legend?: string;
  fields: readonly RuleFieldOption[];
  widgets: WidgetKindRegistry;
  labels: Labels;
  disabled: boolean;
  counter: { n: number };
  onChange: (mode: Mode, members: FieldRuleNode[]) => void;
  onRemove?: () => void;
}

function GroupEditor({ mode, members, level, legend, fields, widgets, labels, disabled, counter, onChange, onRemove }: GroupEditorProps) {
  const title = legend ?? fillLabel(labels.reGroup, { level });
  const replace = (index: number, node: FieldRuleNode) => onChange(mode, members.map((m, i) => (i === index ? node : m)));
  const remove = (index: number) => onChange(mode, members.filter((_, i) => i !== index));
  const firstField = fields.find((f) => !f.later) ?? fields[0];
  const newRule = (): FieldRule => ({ path: firstField?.path ?? '', op: 'notEmpty' });
  const canNest = level < FORM_LIMITS.maxRuleDepth;
  // With no other field to read, the add buttons stay off, and a line says why (their description).
  const noFieldsId = useId();
  const noFields = fields.length === 0;
  return (
    <Fieldset legend={title} variant={level === 1 ? 'default' : 'filled'} p="sm" style={level === 1 ? ERROR_CONTRAST : undefined}>
      <Stack gap="sm">
        {/* "All of these" / "Any of these" only once there is a rule to combine: an empty list holds always either way,
            and a field's panel opens with two empty editors, whose mode switches (each measuring its indicator) were
            much of the cost of selecting a field. It keeps its place, so the buttons below keep the focus when the
            first rule comes. */}
        {members.length > 0 && (
          <SegmentedControl
            aria-label={fillLabel(labels.labelForColon, { label: labels.reMode, name: title })}
            data={[
              { value: 'all', label: labels.reModeAll },
              { value: 'any', label: labels.reModeAny },
            ]}
            value={mode}
            onChange={(next) => onChange(next as Mode, [...members])}
            disabled={disabled}
            size="xs"
            w="fit-content"
          />
        )}
        {members.length === 0 && (
          <Text size="sm">
            {labels.reAlways}
          </Text>
        )}
        {noFields && !disabled && (
          <Text size="sm" id={noFieldsId}>
            {labels.reNoFields}
          </Text>
        )}
        {members.map((node, index) => {
          if (isRuleGroup(node)) {
            const group = groupMembers(node);
            return (
              <GroupEditor
                key={index}
                mode={group.mode}
                members={group.members}
                level={level + 1}
                fields={fields}
                widgets={widgets}
                labels={labels}
                disabled={disabled}
                counter={counter}
                onChange={(m, list) => replace(index, makeGroup(m, list))}
                onRemove={() => remove(index)}
              />
            );
          }
          const n = ++counter.n;
          return (
            <RuleRow
              key={index}
              rule={node}
              n={n}
              fields={fields}
              widgets={widgets}
              labels={labels}
              disabled={disabled}
              onChange={(rule) => replace(index, rule)}
              onRemove={() => remove(index)}
            />
          );
        })}
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => onChange(mode, [...members, newRule()])} disabled={disabled || noFields} aria-describedby={noFields && !disabled ? noFieldsId : undefined}>
            {labels.reAddRule}
          </Button>
          {canNest ? (
            <Button size="xs" variant="light" onClick={() => onChange(mode, [...members, makeGroup(mode === 'all' ? 'any' : 'all', [newRule()])])} disabled={disabled || noFields} aria-describedby={noFields && !disabled ? noFieldsId : undefined}>
              {labels.reAddGroup}
            </Button>
          ) : (
            <Text size="xs">{fillLabel(labels.reMaxDepth, { max: FORM_LIMITS.maxRuleDepth })}</Text>
          )}
          {onRemove && (
            <Button size="xs" variant="subtle" color="red" onClick={onRemove} disabled={disabled}>
              {labels.reRemoveGroup}
            </Button>
          )}
        </Group>
      </Stack>
    </Fieldset>
  );
}

/**
 * Builds `visibleWhen` / `requiredWhen` from pickers — a field, a condition and a value that is entered the way the
 * field is answered — with "All of these" / "Any of these" and nested groups, never typed JSON. A rule naming a field
 * that no longer exists, or one that comes later in the form, is flagged next to the rule.
 */
export function RuleEditor({ legend, value, onChange, fields, widgets = WIDGET_KINDS, labels: overrides, disabled = false }: RuleEditorProps) {
  const labels = useLabels(overrides);
  // The kinds named in the labels' language (a field without a label is named by its kind): the builder hands the
  // editor kinds already so named, which this leaves as they are.
  const kinds = useMemo(() => localizeWidgetKinds(widgets, labels), [widgets, labels]);
  const { mode, members } = topGroup(value ?? []);
  const counter = { n: 0 };
  return (
    <GroupEditor
      mode={mode}
      members={members}
      level={1}
      legend={legend}
      fields={fields}
      widgets={kinds}
      labels={labels}
      disabled={disabled}
      counter={counter}
      onChange={(m, list) => onChange(fromTop(m, list))}
    />
  );
}

/** Whether any rule of a list is flagged (names a missing or later field, or lacks its value), for a badge on a collapsed editor. */
export function hasRuleProblems(value: readonly FieldRuleNode[] | undefined, fields: readonly RuleFieldOption[]): boolean {
  const walk = (list: readonly FieldRuleNode[]): boolean =>
    list.some((node) =>
      isRuleGroup(node) ? walk(groupMembers(node).members) : ruleLacksValue(node) || !fields.some((f) => f.path === node.path && !f.later),
    );
  return walk(value ?? []);
}
