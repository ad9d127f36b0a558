/**
 * The change history of permission administration: one row per changed holder per write, inserted in
 * the write's own transaction (a refused or failed write records nothing). What changed is the domain's diff
 * (src/domain/change-history.ts); here only storage.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { grantItems, historyEntriesOf, linkItems, toPaged, pageWindow, type HistoryAction, type HistoryEntry, type HistoryHolderKind, type HistoryItem, type Paging } from '../../src/domain';
import type { Paged } from '../../src/api/types';
import type { Db } from './db/index';
import { permissionHistory } from './db/schema';
import { HOLDERS, type HolderKind } from './routes/holders';
import { grantsByHolder, linksByHolder } from './routes/projections';

/** Who made a change. */
export interface HistoryActor {
  id: string;
  name: string;
}

/** The caller, as the history names them (null: no signed-in user, e.g. the system). */
export function actorOf(auth: { user: { id: string; name: string } } | null): HistoryActor | null {
  return auth ? { id: auth.user.id, name: auth.user.name } : null;
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

/**
 * Runs `store` (a reset of claim groups' claims and sub-groups) and records what it did to each group, in the same
 * transaction.
 */
export async function recordClaimGroupResets<T>(
  tx: Db,
  actor: HistoryActor | null,
  groups: ReadonlyMap<string, string>,
  store: () => Promise<T>,
): Promise<T> {
  const ids = [...groups.keys()];
  const claimsBefore = await grantsByHolder(tx, 'claimGroup', ids);
  const linksBefore = await linksByHolder(tx, 'claimGroup', ids);
  const result = await store();
  const claimsAfter = await grantsByHolder(tx, 'claimGroup', ids);
  const linksAfter = await linksByHolder(tx, 'claimGroup', ids);
  const items = <R,>(byHolder: ReadonlyMap<string, readonly R[]>, toItems: (rows: readonly R[]) => HistoryItem[]) =>
    new Map([...byHolder].map(([id, rows]) => [id, toItems(rows)]));
  await recordChanges(tx, actor, 'claimGroup', 'claims', groups, items(claimsBefore, grantItems), items(claimsAfter, grantItems));
  await recordChanges(tx, actor, 'claimGroup', 'claimGroups', groups, items(linksBefore, linkItems), items(linksAfter, linkItems));
  return result;
}
