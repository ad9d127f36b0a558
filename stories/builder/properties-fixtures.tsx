import { SimpleGrid, Paper } from '@mantine/core';
import { useState } from 'react';
import type { FieldRuleNode, FormField, FormSection, JsonObject } from '../../src/api/types';
import {
  FieldPropertiesPanel,
  RuleEditor,
  SectionPropertiesPanel,
  type FieldPropertiesChange,
  type PatternCheckRequest,
  type RuleFieldOption,
} from '../../src/builder/properties';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';

/** The other fields of the story form, as a rule of the selected field names them. */
export const storyFields: RuleFieldOption[] = [
  { id: 'name', path: '/name', label: 'Full name', widget: 'text' },
  { id: 'age', path: '/age', label: 'Age', widget: 'integer' },
  {
    id: 'contact',
    path: '/contact',
    label: 'Contact me by',
    widget: 'radio',
    options: [
      { value: 'email', label: 'Email' },
      { value: 'phone', label: 'Phone' },
    ],
  },
  { id: 'student', path: '/student', label: 'I am a student', widget: 'checkbox' },
  { id: 'notes', path: '/notes', label: 'Notes', widget: 'textarea', later: true },
];

/** A pattern check answering like the server's ReDoS check: nested repetition is refused. */
export const storyPatternCheck: PatternCheckRequest = async (pattern) =>
  /\([^)]*[+*]\)[+*]/.test(pattern) ? 'matching it can take time growing exponentially with the input (catastrophic backtracking). Rewrite it without nested or overlapping repetition.' : null;

/** The selected field of a kind, as the builder makes it from the registry's defaults. */
export function fieldOfKind(kind: string, extra: Partial<FormField> = {}): FieldPropertiesChange {
  const entry = WIDGET_KINDS[kind as keyof typeof WIDGET_KINDS];
  const label = entry?.defaultField.label ?? kind;
  const field: FormField = {
    id: `${kind}-1`,
    path: entry?.value === 'none' ? '' : `/${kind}`,
    widget: kind,
    ...entry?.defaultField,
    label,
    ...extra,
  };
  return { field, schema: structuredClone(entry?.defaultSchema ?? {}) as JsonObject, required: false };
}

/** The panel with its state kept as the builder keeps it. */
export function PanelHarness({ initial, pdfFieldNames, readOnly, savedPath }: { initial: FieldPropertiesChange; pdfFieldNames?: string[]; readOnly?: boolean; savedPath?: string }) {
  const [state, setState] = useState(initial);
  return (
    <Paper p="md" withBorder maw={560}>
      <FieldPropertiesPanel
        field={state.field}
        schema={state.schema}
        required={state.required}
        fields={storyFields}
        pdfFieldNames={pdfFieldNames}
        checkPattern={storyPatternCheck}
        readOnly={readOnly}
        savedPath={savedPath}
        onChange={setState}
        onRenamePath={(_, to) => setState((s) => ({ ...s, field: { ...s.field, path: to } }))}
      />
    </Paper>
  );
}

/** One panel for every built-in kind, side by side. */
export function EveryKindHarness() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
      {Object.keys(WIDGET_KINDS).map((kind) => (
        // Each panel is named by its field's label: the kind's name keeps them apart.
        <PanelHarness key={kind} initial={fieldOfKind(kind, { label: WIDGET_KINDS[kind as keyof typeof WIDGET_KINDS].name })} />
      ))}
    </SimpleGrid>
  );
}

/** The rule editor with its state kept. */
export function RuleHarness({ initial, fields = storyFields }: { initial: FieldRuleNode[]; fields?: readonly RuleFieldOption[] }) {
  const [rules, setRules] = useState(initial);
  return (
    <Paper p="md" withBorder maw={760}>
      <RuleEditor legend="Show this field when" value={rules} onChange={setRules} fields={fields} />
    </Paper>
  );
}

/** The section panel with its state kept. */
export function SectionHarness({ initial }: { initial: FormSection }) {
  const [section, setSection] = useState(initial);
  return (
    <Paper p="md" withBorder maw={480}>
      <SectionPropertiesPanel section={section} onChange={setSection} onRenamePath={(_, to) => setSection((s) => ({ ...s, repeatable: { ...s.repeatable, path: to } }))} />
    </Paper>
  );
}
