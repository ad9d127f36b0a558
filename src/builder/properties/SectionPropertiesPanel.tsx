import { NumberInput, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormSection } from '../../api/types';
import type { DataPathProblem } from '../../engine/authoring';
import { checkDataPath } from '../../engine/authoring';
import type { Labels } from '../../query/labels';
import { useLabels } from '../../query/useLabels';
import { ERROR_CONTRAST } from './contrast';
import { dataPathProblemText } from './FieldPropertiesPanel';
import { GROWING_TEXTAREA_STYLES } from './growing-textarea';
import { CODE_INPUT_STYLES } from './code-input';

/** Props of {@link SectionPropertiesPanel}. */
export interface SectionPropertiesPanelProps {
  section: FormSection;
  /** Every change, as the new section (its fields untouched). */
  onChange: (next: FormSection) => void;
  /**
   * The list path of a repeatable section changes: the builder moves its schema node and rewrites the rules and
   * computations naming it (full data paths).
   */
  onRenamePath?: (from: string, to: string) => void;
  /** Why a list path cannot be used, or null (the builder passes `checkDataPath` with its layout). */
  checkPath?: (path: string) => DataPathProblem | null;
  /** Texts overriding the defaults. */
  labels?: Partial<Labels>;
  readOnly?: boolean;
}

const syntaxOnly = (path: string) => checkDataPath(path, { layout: { pages: [] } });

/**
 * The property panel of a section: title and description, and for a repeatable section its list path, the minimum
 * and maximum number of items and the text of its 'Add' button.
 */
export function SectionPropertiesPanel({ section, onChange, onRenamePath, checkPath = syntaxOnly, labels: overrides, readOnly = false }: SectionPropertiesPanelProps) {
  const labels = useLabels(overrides);
  const repeat = section.repeatable;
  const [pathDraft, setPathDraft] = useState({ id: section.id, path: repeat?.path ?? '', draft: repeat?.path ?? '' });
  const draft = pathDraft.id === section.id && pathDraft.path === (repeat?.path ?? '') ? pathDraft.draft : (repeat?.path ?? '');
  const problem = repeat && draft !== repeat.path ? checkPath(draft) : null;
  const applyPath = () => {
    if (repeat && draft !== repeat.path && problem === null) onRenamePath?.(repeat.path, draft);
  };
  const setRepeat = (changes: Partial<NonNullable<FormSection['repeatable']>>) => {
    if (!repeat) return;
    const next = { ...repeat, ...changes };
    for (const key of Object.keys(changes) as (keyof typeof next)[]) if (changes[key] === undefined) delete next[key];
    onChange({ ...section, repeatable: next });
  };
  const inverted = repeat?.minItems !== undefined && repeat.maxItems !== undefined && repeat.minItems > repeat.maxItems;
  return (
    <Stack gap="md" role="region" aria-label={labels.bpSectionTitle} style={ERROR_CONTRAST}>
      <Title order={3} size="h4">
        {labels.bpSectionTitle}
      </Title>
      <TextInput label={labels.bpSectionTitleLabel} data-builder-label="" value={section.title} onChange={(e) => onChange({ ...section, title: e.currentTarget.value })} readOnly={readOnly} />
      <Textarea
        label={labels.bpSectionDescription}
        value={section.description ?? ''}
        onChange={(e) => {
          const { description: _old, ...rest } = section;
          onChange(e.currentTarget.value === '' ? rest : { ...rest, description: e.currentTarget.value });
        }}
        readOnly={readOnly}
        rows={2}
        styles={GROWING_TEXTAREA_STYLES}
      />
      {repeat && (
        <>
          <Text fw={600}>{labels.bpRepeatable}</Text>
          <TextInput
            label={labels.bpRepeatPath}
            value={draft}
            onChange={(e) => setPathDraft({ id: section.id, path: repeat.path, draft: e.currentTarget.value })}
            onBlur={applyPath}
            onKeyDown={(e) => {
              if (e.key === 'Enter') applyPath();
            }}
            error={problem ? dataPathProblemText(problem, labels) : undefined}
            readOnly={readOnly || !onRenamePath}
            spellCheck={false}
            styles={CODE_INPUT_STYLES}
          />
          <NumberInput
            label={labels.bpMinRepeats}
            value={repeat.minItems ?? ''}
            min={0}
            allowDecimal={false}
            onChange={(v) => setRepeat({ minItems: typeof v === 'number' ? v : undefined })}
            readOnly={readOnly}
          />
          <NumberInput
            label={labels.bpMaxRepeats}
            value={repeat.maxItems ?? ''}
            min={0}
            allowDecimal={false}
            onChange={(v) => setRepeat({ maxItems: typeof v === 'number' ? v : undefined })}
            readOnly={readOnly}
            error={inverted ? labels.bpRangeInverted : undefined}
          />
          <TextInput
            label={labels.bpAddLabel}
            value={repeat.addLabel ?? ''}
            onChange={(e) => setRepeat({ addLabel: e.currentTarget.value === '' ? undefined : e.currentTarget.value })}
            readOnly={readOnly}
          />
        </>
      )}
    </Stack>
  );
}
