/**
 * The change history of permission administration (issue 10 #4): one row per changed holder per write, inserted in
 * the write's own transaction (a refused or failed write records nothing). What changed is the domain's diff
 * (src/domain/change-history.ts); here only storage.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { historyEntriesOf, toPaged, pageWindow, type HistoryAction, type HistoryEntry, type HistoryHolderKind, type HistoryItem, type Paging } from '../../src/domain';
import type { Paged } from '../../src/api/types';
import type { Db } from './db/index';
import { permissionHistory } from './db/schema';

/** Who made a change. */
export interface HistoryActor {
  id: string;
  name: string;
}

/**
 * Records what a change did to each holder: `before` and `after` are each holder's items (claims, claim groups or
 * members) read inside the transaction. Holders whose items did not change get no entry.
 */
export async function recordChanges(
  tx: Db,
  actor: HistoryActor | null,
  holderKind: HistoryHolderKind,
  action: HistoryAction,
  holders: ReadonlyMap<string, string>,
  before: ReadonlyMap<string, readonly HistoryItem[]>,
  after: ReadonlyMap<string, readonly HistoryItem[]>,
): Promise<void> {
  const rows = historyEntriesOf(holderKind, action, actor, holders, before, after).map((e) => ({
    id: crypto.randomUUID(),
    actorId: e.actor?.id ?? null,
    actorName: e.actor?.name ?? null,
    holderKind: e.holderKind,
    holderId: e.holderId,
    holderName: e.holderName,
    action: e.action,
    added: e.added,
    removed: e.removed,
    updated: e.updated,
  }));
  if (rows.length) await tx.insert(permissionHistory).values(rows);
}

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
