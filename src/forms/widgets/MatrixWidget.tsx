import { Group, Radio } from '@mantine/core';
import { matrixAnswerLines, matrixColumns, matrixMissingRows, matrixRows } from '../../engine/matrix';
import type { CompiledField } from '../../engine/compile';
import type { FormLabels } from '../labels';
import { GroupFieldset } from './GroupFieldset';
import type { LiteRenderer } from './LiteField';
import type { WidgetProps } from './types';

/** A matrix's answer in view mode: one line per answered row, "Row — Column" (the pack's `matrixAnswer`). */
export const matrixText = (cf: CompiledField, value: unknown, labels: FormLabels): string =>
  matrixAnswerLines(cf.field, value, labels.matrixAnswer).join('\n') || labels.notAnswered;

/**
 * The rows of a matrix: one radio group per row, named by the row's label, its radios labelled by the columns (the
 * arrow keys move within a row, Tab from row to row). After a problem is shown, each unanswered row says so ("Not
 * answered", its group's description). No hooks: the light stand-in calls it as a function too.
 */
function matrixGrid({ cf, id, state, disabled, readOnly, onChange, onBlur, labels }: WidgetProps) {
  const answers = typeof state.value === 'object' && state.value !== null ? (state.value as Record<string, unknown>) : {};
  const missing = state.error ? matrixMissingRows(cf.field, state.value).map((r) => r.value) : [];
  return matrixRows(cf.field).map((row, r) => (
    <Radio.Group
      key={row.value}
      name={`${id}-${r}`}
      label={row.label}
      value={String(answers[row.value] ?? '')}
      onChange={(value) => readOnly || onChange({ ...answers, [row.value]: value })}
      error={missing.includes(row.value) && labels.notAnswered}
      readOnly={readOnly}
      disabled={disabled}
      mt="xs"
    >
      <Group gap="md" mt={4} onBlur={onBlur}>
        {matrixColumns(cf.field).map((column) => (
          <Radio key={column.value} value={column.value} label={column.label} aria-invalid={missing.includes(row.value) || undefined} />
        ))}
      </Group>
    </Radio.Group>
  ));
}

/**
 * `matrix`: rows × columns of choices in the group's fieldset (the legend is the question), each row one answer
 * among the columns.
 */
export function MatrixWidget(props: WidgetProps) {
  const { id, label, description, state } = props;
  return (
    <GroupFieldset id={id} label={label} description={description} error={state.error} required={state.required}>
      {matrixGrid(props)}
    </GroupFieldset>
  );
}

/** The light stand-in of a matrix while a long form mounts progressively: the same grid in the light fieldset. */
export const liteMatrix: LiteRenderer = (props, { fieldset }) => fieldset(matrixGrid(props));
