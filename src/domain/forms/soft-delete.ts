/**
 * Soft delete of the forms entities: a soft-deleted row is invisible to everyone but those who may restore it (a
 * patch of `isDeleted: false`, which needs the entity's `…_Update` claim). The test fake and the reference server
 * both apply these rules:
 *
 * - anonymous callers and link holders never see a soft-deleted row, whatever their `$filter` says;
 * - a link reaches its instance only while the instance, its schema and its form are all live (else the link is
 *   unknown: 401), and no link is issued for an instance that is not (404);
 * - a public schema takes no anonymous instance while it or its form is soft-deleted (404);
 * - signed-in readers without the restoring claim see no soft-deleted row either, even asking for them.
 */
import { Permission } from '../../contract/enums';
import type { FormsODataType } from '../odata/forms-schema';

/** Whether every row is there and not soft-deleted (a missing row is not live). */
export function allLive(...rows: readonly ({ isDeleted: boolean } | null | undefined)[]): boolean {
  return rows.every((row) => row !== null && row !== undefined && !row.isDeleted);
}

/** The claim that restores a soft-deleted row of each forms entity: its holders alone see soft-deleted rows. */
export const RESTORE_CLAIMS: Readonly<Record<FormsODataType, number>> = {
  Form: Permission.Form_Update,
  FormGroup: Permission.FormGroup_Update,
  FormSchema: Permission.FormSchema_Update,
  FormInstance: Permission.FormInstance_Update,
};

/** Whether a caller may see soft-deleted rows of `type`: a signed-in holder of its restoring claim. */
export function seesSoftDeleted(type: FormsODataType, signedIn: boolean, holds: (claim: number) => boolean): boolean {
  return signedIn && holds(RESTORE_CLAIMS[type]);
}
