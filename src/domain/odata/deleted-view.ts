/**
 * The rows a list shows with and without its 'Show deleted' switch, written once for every list: the client sends it
 * as `$filter`, and the test fake and the reference server read it with the same soft-delete rule
 * (`hidesSoftDeleted`: deleted rows stay hidden unless the filter names the flag).
 *
 * - Off: the live rows only (`isDeleted eq false`).
 * - On: every row, the soft-deleted ones included and marked by their flag (`isDeleted in (false, true)` names the
 *   flag, so the backends stop hiding deleted rows, and keeps both of its values). A row restored while the view is on
 *   stays in it, now live; a row deleted meanwhile stays too, now marked.
 */
import { comparison, literal, property, type ODataFilter } from './ast';

/** The soft-delete flag every forms entity set has. */
export const SOFT_DELETE_FLAG = 'isDeleted';

/** The `$filter` part of a list's view: live rows only, or (with 'Show deleted') every row. */
export function deletedViewFilter(showDeleted: boolean, flag: string = SOFT_DELETE_FLAG): ODataFilter {
  const subject = property(flag);
  return showDeleted
    ? { kind: 'in', subject, values: [literal(false), literal(true)] }
    : comparison('eq', subject, literal(false));
}

/** Whether a row a list shows is soft-deleted (its flag is true): the row is then marked as deleted. */
export function isSoftDeletedRow(row: object, flag: string = SOFT_DELETE_FLAG): boolean {
  return (row as Record<string, unknown>)[flag] === true;
}
