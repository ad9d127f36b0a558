import { Input, Radio } from '@mantine/core';
import type { ReactNode } from 'react';
import { matrixAnswerLines, matrixColumns, matrixMissingRows, matrixRows } from '../../engine/matrix';
import type { FormLabels } from '../labels';
import type { CompiledField } from '../../engine/compile';
import { GroupFieldset } from './GroupFieldset';
import type { LiteRenderer } from './LiteField';
import type { WidgetProps } from './types';

/** A matrix's answer in view mode: one line per answered row, "Row — Column" (the pack's `matrixAnswer`). */
export const matrixText = (cf: CompiledField, value: unknown, labels: FormLabels): string =>
  matrixAnswerLines(cf.field, value, labels.matrixAnswer).join('\n') || labels.notAnswered;

const CELL = { justifySelf: 'center', textAlign: 'center', overflowWrap: 'anywhere' } as const;

/** One radio of the grid: its row's group name, its column, whether chosen, and what choosing it does. */
interface MatrixRadio {
  id: string;
  name: string;
  value: string;
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: () => void;
}

/**
 * The grid of a matrix (the column names, then one radio group per row), its radios drawn by `radio`: Mantine's in
 * the widget, native ones in its light stand-in. No hooks: the light stand-in calls it as a function.
 */
function matrixGrid({ cf, id, state, disabled, readOnly, onChange, onBlur, labels }: WidgetProps, radio: (props: MatrixRadio) => ReactNode) {
  const columns = matrixColumns(cf.field);
  const answers = typeof state.value === 'object' && state.value !== null && !Array.isArray(state.value) ? (state.value as Record<string, unknown>) : {};
  const missing = state.error ? new Set(matrixMissingRows(cf.field, state.value).map((r) => r.value)) : null;
  const grid = { display: 'grid', gridTemplateColumns: `minmax(6rem, 1fr) repeat(${columns.length}, minmax(2.75rem, 6rem))`, alignItems: 'center', gap: 6, padding: '4px 0' };
  return (
    <>
      {/* The radios carry the column names themselves: this row only shows them. */}
      <div aria-hidden="true" style={{ ...grid, fontSize: 'var(--mantine-font-size-sm)' }}>
        <span />
        {columns.map((column) => (
          <span key={column.value} style={CELL}>
            {column.label}
          </span>
        ))}
      </div>
      {matrixRows(cf.field).map((row, r) => {
        const rowId = `${id}-row-${r}`;
        const unanswered = missing?.has(row.value) === true;
        return (
          <div
            key={row.value}
            role="radiogroup"
            aria-labelledby={`${rowId}-label`}
            aria-describedby={unanswered ? `${rowId}-error` : undefined}
            aria-invalid={unanswered || undefined}
            style={{ ...grid, borderTop: '1px solid var(--mantine-color-default-border)' }}
            onBlur={onBlur}
          >
            <div>
              <span id={`${rowId}-label`}>{row.label}</span>
              {unanswered ? <Input.Error id={`${rowId}-error`}>{labels.notAnswered}</Input.Error> : null}
            </div>
            {columns.map((column, c) =>
              radio({
                id: `${rowId}-${c}`,
                name: rowId,
                value: column.value,
                label: column.label,
                checked: answers[row.value] === column.value,
                disabled,
                onChange: () => {
                  if (!readOnly) onChange({ ...answers, [row.value]: column.value });
                },
              }),
            )}
          </div>
        );
      })}
    </>
  );
}

const mantineRadio = ({ label, ...props }: MatrixRadio) => <Radio key={props.id} {...props} aria-label={label} style={CELL} />;

/**
 * `matrix`: rows × columns of choices in the group's fieldset (the legend is the question). The column names head
 * the grid; each row is a radio group named by the row's label, its radios named by the columns, so the arrow keys
 * move within a row and Tab from row to row. After a submit, a required matrix's unanswered rows each say so
 * ("Not answered", tied to the row's group) under the question's own error.
 */
export function MatrixWidget(props: WidgetProps) {
  const { id, label, description, state } = props;
  return (
    <GroupFieldset id={id} label={label} description={description} error={state.error} required={state.required}>
      {matrixGrid(props, mantineRadio)}
    </GroupFieldset>
  );
}

/** The light stand-in of a matrix while a long form mounts progressively: the same grid of native radios. */
export const liteMatrix: LiteRenderer = (props, { common, fieldset }) =>
  fieldset(
    matrixGrid(props, ({ label, ...radio }) => (
      <input key={radio.id} type="radio" {...radio} aria-label={label} onFocus={common.onFocus} onBlur={common.onBlur} style={CELL} />
    )),
  );
