/**
 * Group names with the domain's rules (src/domain/group-names.ts): read from a query parameter, and
 * checked against every row of the group's table (soft-deleted rows too: a name stays taken).
 */
import { assertGroupNameFree, normalizeGroupName, type GroupKind } from '../../../src/domain';
import type { Db } from '../db/index';
import { applicationUserGroups, claimGroups } from '../db/schema';
import type { QueryReader } from './http';

/** The group name in query parameter `param`, ready to store; 400 when the domain refuses it. */
export function readGroupName(query: QueryReader, param: string): string {
  return normalizeGroupName(query.get(param), param);
}

/** 409 when another group of the table already has the name (or one that looks the same). */
export async function assertNameFree(db: Db, kind: GroupKind, name: string, exceptId?: string): Promise<void> {
  const t = (kind === 'claimGroup' ? claimGroups : applicationUserGroups) as typeof claimGroups;
  const rows = await db.select({ id: t.id, name: t.name }).from(t);
  assertGroupNameFree(rows, name, kind, exceptId);
}
