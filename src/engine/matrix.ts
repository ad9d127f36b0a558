/**
 * The matrix (grid) question, React-free: rows × columns of choices, each row one answer among the columns (Google
 * Forms' "multiple choice grid"). The layout field names its rows (`rows`) and its columns (`options`); the answer is
 * an object whose keys are the rows' values and whose values are the chosen columns' values. The JSON Schema of its
 * path names every row as a property whose `enum` is the columns, and `additionalProperties: false`, so the one
 * validator refuses an unknown row or column on the client, the fake and the server alike. A required matrix needs
 * every row answered ({@link matrixMissingRows}, checked by the engine).
 */
import type { FieldOption, FormField, JsonObject } from '../contract/types';

/** The rows of a new matrix. */
export const MATRIX_DEFAULT_ROWS: readonly FieldOption[] = [
  { value: 'row-1', label: 'Row 1' },
  { value: 'row-2', label: 'Row 2' },
];

/** The columns of a new matrix. */
export const MATRIX_DEFAULT_COLUMNS: readonly FieldOption[] = [
  { value: 'column-1', label: 'Column 1' },
  { value: 'column-2', label: 'Column 2' },
  { value: 'column-3', label: 'Column 3' },
];

/** The English words of one answered row, the form labels' default `matrixAnswer` ("Service — Good"). */
export const MATRIX_ANSWER_TEXT = '{row} — {column}';

const entries = (list: unknown): FieldOption[] =>
  (Array.isArray(list) ? list : []).filter((o): o is FieldOption => typeof o === 'object' && o !== null && typeof (o as FieldOption).value === 'string');

/** The rows of a matrix field (its well-formed `rows`, none when it has no list). */
export function matrixRows(field: Pick<FormField, 'rows'>): FieldOption[] {
  return entries(field.rows);
}

/** The columns of a matrix field (its well-formed `options`). */
export function matrixColumns(field: Pick<FormField, 'options'>): FieldOption[] {
  return entries(field.options);
}

/** The JSON Schema of a matrix's path: one property per row, each one of the columns' values, no other key. */
export function matrixSchema(rows: readonly FieldOption[], columns: readonly FieldOption[]): JsonObject {
  const values = columns.map((c) => c.value);
  return {
    type: 'object',
    properties: Object.fromEntries(rows.map((r) => [r.value, { type: 'string', enum: [...values] }])),
    additionalProperties: false,
  };
}

const answerOf = (value: unknown, row: string): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, row) ? (value as Record<string, unknown>)[row] : undefined;

/** The rows of a matrix that `value` leaves unanswered (all of them for no answer). */
export function matrixMissingRows(field: Pick<FormField, 'rows'>, value: unknown): FieldOption[] {
  return matrixRows(field).filter((row) => {
    const answer = answerOf(value, row.value);
    return answer === undefined || answer === null || answer === '';
  });
}

/** The label of a matrix's column value, or the value itself for one no column has. */
export function matrixColumnLabel(field: Pick<FormField, 'options'>, value: unknown): string {
  return matrixColumns(field).find((c) => c.value === String(value))?.label ?? String(value);
}

/**
 * A matrix's answer in words, one line per answered row in the rows' order: "Row — Column" (from `template`, a
 * pack's `matrixAnswer`), as view mode and the answers PDF write it. Unanswered rows are left out.
 */
export function matrixAnswerLines(field: Pick<FormField, 'rows' | 'options'>, value: unknown, template: string = MATRIX_ANSWER_TEXT): string[] {
  const lines: string[] = [];
  for (const row of matrixRows(field)) {
    const answer = answerOf(value, row.value);
    if (answer === undefined || answer === null || answer === '') continue;
    const column = matrixColumnLabel(field, answer);
    lines.push(template.replace(/\{(row|column)\}/g, (_, name: string) => (name === 'row' ? row.label : column)));
  }
  return lines;
}
