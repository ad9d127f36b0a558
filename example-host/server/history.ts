/**
 * The change history of permission administration: one row per changed holder per write, inserted in
 * the write's own transaction (a refused or failed write records nothing). What changed is the domain's diff
 * (src/domain/change-history.ts); here only storage.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { toPaged, pageWindow, type HistoryAction, type HistoryEntry, type HistoryHolderKind, type HistoryItem, type Paging } from '../../src/domain';
import type { Paged } from '../../src/api/types';
import type { Db } from './db/index';
import { permissionHistory } from './db/schema';
import { HOLDERS, type HolderKind } from './routes/holders';

/** One holder's history, newest first, a page at a time. */
export async function readHistory(db: Db, holderKind: HistoryHolderKind, holderId: string, paging: Paging): Promise<Paged<HistoryEntry>> {
  const where = and(eq(permissionHistory.holderKind, holderKind), eq(permissionHistory.holderId, holderId));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(permissionHistory).where(where);
  const window = pageWindow(paging);
  const query = db.select().from(permissionHistory).where(where).orderBy(desc(permissionHistory.at), desc(sql`${permissionHistory.id}`));
  const rows = window ? await query.limit(window.limit).offset(window.offset) : await query;
  const list: HistoryEntry[] = rows.map((r) => ({
    id: r.id,
    at: r.at,
    actor: r.actorId ? { id: r.actorId, name: r.actorName ?? '' } : null,
    holderKind: r.holderKind as HistoryHolderKind,
    holderId: r.holderId,
    holderName: r.holderName,
    action: r.action as HistoryAction,
    added: r.added as HistoryItem[],
    removed: r.removed as HistoryItem[],
    updated: r.updated as HistoryItem[],
  }));
  return toPaged(list, Number(total), paging);
}

/** The live holders of `kind` that hold claim group `claimGroupId` through a live link, with their names. */
export async function holdersOfClaimGroup(tx: Db, kind: HolderKind, claimGroupId: string): Promise<Map<string, string>> {
  const { links, table, id, name, isDeleted } = HOLDERS[kind];
  const rows = await tx
    .select({ id: id, name: name })
    .from(links)
    .innerJoin(table, eq(id, links.holderId))
    .where(and(eq(links.claimGroupId, claimGroupId), eq(links.isDeleted, false), eq(isDeleted, false)));
  return new Map(rows.map((r) => [String(r.id), String(r.name)]));
}
