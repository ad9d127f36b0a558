/**
 * The matrix (grid) question, React-free: rows × columns of choices, each row one answer among the columns (Google
 * Forms' "multiple choice grid"). The layout field names its rows (`rows`) and its columns (`options`); the answer is
 * an object whose keys are the rows' values and whose values are the chosen columns' values. The JSON Schema of its
 * path names every row as a property whose `enum` is the columns, and `additionalProperties: false`, so the one
 * validator refuses an unknown row or column on the client, the fake and the server alike. A required matrix needs
 * every row answered ({@link matrixMissingRows}, checked by the engine).
 */
import type { FieldOption, FormField, JsonObject } from '../contract/types';

const numbered = (name: string, count: number): readonly FieldOption[] =>
  Array.from({ length: count }, (_, i) => ({ value: `${name.toLowerCase()}-${i + 1}`, label: `${name} ${i + 1}` }));

/** The rows of a new matrix ("Row 1", "Row 2"). */
export const MATRIX_DEFAULT_ROWS = numbered('Row', 2);

/** The columns of a new matrix ("Column 1" to "Column 3"). */
export const MATRIX_DEFAULT_COLUMNS = numbered('Column', 3);

/** The English words of one answered row, the form labels' default `matrixAnswer` ("Service — Good"). */
export const MATRIX_ANSWER_TEXT = '{row} — {column}';

const entries = (list: unknown): FieldOption[] => (Array.isArray(list) ? list.filter((o: FieldOption | null) => typeof o?.value === 'string') : []);

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
  return {
    type: 'object',
    properties: Object.fromEntries(rows.map((r) => [r.value, { type: 'string', enum: columns.map((c) => c.value) }])),
    additionalProperties: false,
  };
}

/** The answer of one row ('' for none). */
const answerOf = (value: unknown, row: FieldOption): string => {
  const answer = typeof value === 'object' && value !== null && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, row.value) ? (value as Record<string, unknown>)[row.value] : null;
  return answer === undefined || answer === null ? '' : String(answer);
};

/** The rows of a matrix that `value` leaves unanswered (all of them for no answer). */
export function matrixMissingRows(field: Pick<FormField, 'rows'>, value: unknown): FieldOption[] {
  return matrixRows(field).filter((row) => answerOf(value, row) === '');
}

/**
 * A matrix's answer in words, one line per answered row in the rows' order: "Row — Column" (from `template`, a
 * pack's `matrixAnswer`; the column by its label, a value no column has as it is), as view mode and the answers PDF
 * write it. Unanswered rows are left out.
 */
export function matrixAnswerLines(field: Pick<FormField, 'rows' | 'options'>, value: unknown, template: string = MATRIX_ANSWER_TEXT): string[] {
  return matrixMissingRows(field, null)
    .filter((row) => answerOf(value, row) !== '')
    .map((row) => {
      const answer = answerOf(value, row);
      const column = matrixColumns(field).find((c) => c.value === answer)?.label ?? answer;
      return template.replace('{row}', () => row.label).replace('{column}', () => column);
    });
}
