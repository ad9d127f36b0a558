import { Button, Fieldset, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { FieldOption } from '../../api/types';
import { fillLabel, type Labels } from '../../query/labels';
import { useLabels } from '../../query/useLabels';
import { ERROR_CONTRAST, ERROR_TEXT } from './contrast';

/** Props of {@link OptionsEditor}. */
export interface OptionsEditorProps {
  value: readonly FieldOption[];
  onChange: (next: FieldOption[]) => void;
  /** Texts overriding the defaults. */
  labels?: Partial<Labels>;
  disabled?: boolean;
  /** The fieldset's legend (default the labels' `bpOptions`; a matrix's rows and columns name theirs). */
  legend?: string;
}

/** A value derived from a label: lower case words joined by `-` (`Part time` → `part-time`). */
export function optionValueFromLabel(label: string): string {
  const value = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .join('-');
  return value === '' ? 'option' : value;
}

/**
 * The options of a pasted list: one a line, `value = label` (also `value<TAB>label`, as copied from a spreadsheet)
 * or just a label, whose value is derived from it. Blank lines are skipped, values already taken get a number.
 */
export function parseOptionList(text: string, taken: readonly string[] = []): FieldOption[] {
  const used = new Set(taken);
  const out: FieldOption[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const separator = line.includes('\t') ? '\t' : line.includes('=') ? '=' : null;
    const at = separator === null ? -1 : line.indexOf(separator);
    let value = at === -1 ? optionValueFromLabel(line) : line.slice(0, at).trim();
    const label = at === -1 ? line : line.slice(at + 1).trim() || value;
    if (value === '') value = optionValueFromLabel(label);
    let unique = value;
    for (let n = 2; used.has(unique); n++) unique = `${value}-${n}`;
    used.add(unique);
    out.push({ value: unique, label });
  }
  return out;
}

/** The problems of a list of options: an empty value, or a value used twice (answers could not be told apart). */
export function optionProblems(options: readonly FieldOption[], labels: Labels): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  options.forEach((o, i) => {
    if (o.value.trim() === '') problems.push(fillLabel(labels.bpOptionEmpty, { n: i + 1 }));
    else if (seen.has(o.value)) problems.push(fillLabel(labels.bpOptionDuplicate, { value: o.value }));
    seen.add(o.value);
  });
  return problems;
}

/**
 * The options of a choice field: each a value (what is stored) and a label (what is shown); add, remove, move up
 * and down with buttons (no dragging needed), and paste a whole list at once.
 */
export function OptionsEditor({ value, onChange, labels: overrides, disabled = false, legend }: OptionsEditorProps) {
  const labels = useLabels(overrides);
  const [pasting, setPasting] = useState<string | null>(null);
  const set = (index: number, change: Partial<FieldOption>) => onChange(value.map((o, i) => (i === index ? { ...o, ...change } : o)));
  const move = (index: number, delta: -1 | 1) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + delta, 0, item);
    onChange(next);
  };
  const add = () => {
    const label = fillLabel(labels.bpOptionRow, { n: value.length + 1 });
    const [option] = parseOptionList(label, value.map((o) => o.value));
    if (option) onChange([...value, option]);
  };
  const problems = optionProblems(value, labels);
  return (
    <Fieldset legend={legend ?? labels.bpOptions} p="sm" style={ERROR_CONTRAST}>
      <Stack gap="xs">
        {value.length === 0 && <Text size="sm">{labels.bpNoOptions}</Text>}
        {value.map((option, index) => {
          const n = index + 1;
          return (
            <Group key={index} gap="xs" align="flex-end" wrap="nowrap" role="group" aria-label={fillLabel(labels.bpOptionRow, { n })}>
              <TextInput
                label={labels.bpOptionLabel}
                value={option.label}
                onChange={(e) => {
                  const label = e.currentTarget.value;
                  // A value still derived from the old label follows the new one.
                  const follows = option.value === optionValueFromLabel(option.label);
                  set(index, follows ? { label, value: optionValueFromLabel(label) } : { label });
                }}
                disabled={disabled}
                style={{ flex: 1 }}
              />
              <TextInput
                label={labels.bpOptionValue}
                value={option.value}
                onChange={(e) => set(index, { value: e.currentTarget.value })}
                disabled={disabled}
                style={{ flex: 1 }}
              />
              <Button variant="subtle" size="compact-sm" onClick={() => move(index, -1)} disabled={disabled || index === 0} aria-label={fillLabel(labels.bpMoveOptionUp, { n })}>
                ↑
              </Button>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => move(index, 1)}
                disabled={disabled || index === value.length - 1}
                aria-label={fillLabel(labels.bpMoveOptionDown, { n })}
              >
                ↓
              </Button>
              <Button variant="subtle" color="red" size="compact-sm" onClick={() => onChange(value.filter((_, i) => i !== index))} disabled={disabled} aria-label={fillLabel(labels.bpRemoveOption, { n })}>
                ×
              </Button>
            </Group>
          );
        })}
        {problems.map((p) => (
          <Text key={p} size="sm" c={ERROR_TEXT} role="alert">
            {p}
          </Text>
        ))}
        {pasting === null ? (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={add} disabled={disabled}>
              {labels.bpAddOption}
            </Button>
            <Button size="xs" variant="light" onClick={() => setPasting('')} disabled={disabled}>
              {labels.bpPasteOptions}
            </Button>
          </Group>
        ) : (
          <Stack gap="xs">
            <Textarea label={labels.bpPasteOptionsLabel} value={pasting} onChange={(e) => setPasting(e.currentTarget.value)} autosize minRows={3} data-autofocus autoFocus />
            <Group gap="xs">
              <Button
                size="xs"
                onClick={() => {
                  onChange([...value, ...parseOptionList(pasting, value.map((o) => o.value))]);
                  setPasting(null);
                }}
              >
                {labels.bpPasteOptionsApply}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setPasting(null)}>
                {labels.bpPasteOptionsCancel}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Fieldset>
  );
}
