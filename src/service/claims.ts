/**
 * Claims changes (`AddRemoveUpdateClaimsTo…` of docs/spec.md, Calls): grant, update and revoke claims of users, user
 * groups or claim groups, record what changed for each holder in the change history, and answer the holders'
 * resulting grants. Written once for both backends against {@link ClaimsStore}: the test fake implements it over its
 * in-memory db (src/testing/claims-model.ts), the reference server over its write transaction
 * (example-host/server/routes/assignments.ts). The body is read and checked (`parseClaimsChange`) by the caller; the
 * access guards run here, first.
 */
import type { ClaimBase, ClaimGrant, ClaimsChangeRequest } from '../contract/types';
import { grantItems, historyEntriesOf, type HolderKind } from '../domain';
import { guardAccess, requireHolders, type HolderStore } from './holders';
import type { Actor, Clock, Ids } from './ports';

/** One grant to store: the holder's one live grant of `claimValue` becomes this. */
export interface GrantWrite extends ClaimBase {
  holderId: string;
}

/** The reads and writes a claims change needs; every method works inside the caller's transaction. */
export interface ClaimsStore extends HolderStore {
  /** Each holder's live grants by holder id, each list in the order the answer shows it. */
  grantsByHolder(kind: HolderKind, holderIds: readonly string[]): Promise<ReadonlyMap<string, readonly ClaimGrant[]>>;
  /** Removes the grants with these ids. */
  removeGrants(kind: HolderKind, grantIds: readonly string[]): Promise<void>;
  /**
   * Stores each write as its holder's one live grant of its claim value: a new row (named by the store's own ids), or
   * the stored one overwritten; `now` is its update time.
   */
  putGrants(kind: HolderKind, grants: readonly GrantWrite[], now: Date): Promise<void>;
}

/** What {@link changeClaims} works with. */
export interface ClaimsPorts {
  store: ClaimsStore;
  clock: Clock;
  ids: Ids;
}

/** What a change does to the holders' stored grants: the grants it removes, and the grants it adds or changes. */
export interface ClaimsPlan {
  removals: string[];
  writes: GrantWrite[];
}

/**
 * The grants a change removes and writes, given each holder's grants before it. A grant goes when its claim value is
 * in `claimEnumsToRemoveValue`, or, with `removeExistingUnMentionedClaimBase`, when `claimBaseToAddUpdate` does not name
 * it; each claim of `claimBaseToAddUpdate` is written unless the holder keeps a grant equal to it (so a repeated
 * change stores, reports and records nothing).
 */
export function planClaimsChange(change: ClaimsChangeRequest, before: ReadonlyMap<string, readonly ClaimGrant[]>): ClaimsPlan {
  const mentioned = new Map(change.claimBaseToAddUpdate.map((claim) => [claim.claimValue, claim]));
  const toRemove = new Set(change.claimEnumsToRemoveValue);
  const plan: ClaimsPlan = { removals: [], writes: [] };
  for (const holderId of new Set(change.claimSets)) {
    const kept = new Map<number, ClaimGrant>();
    for (const grant of before.get(holderId) ?? []) {
      const goes = toRemove.has(grant.claimValue) || (change.removeExistingUnMentionedClaimBase && !mentioned.has(grant.claimValue));
      if (goes) plan.removals.push(grant.id);
      else kept.set(grant.claimValue, grant);
    }
    for (const { claimValue, claimType, allow, priorityOfPermission } of mentioned.values()) {
      const same = kept.get(claimValue);
      if (same && same.allow === allow && same.priorityOfPermission === priorityOfPermission && same.claimType === claimType) continue;
      plan.writes.push({ holderId, claimValue, claimType, allow, priorityOfPermission });
    }
  }
  return plan;
}

/** Each holder's grants as change-history items. */
function itemsByHolder(byHolder: ReadonlyMap<string, readonly ClaimGrant[]>) {
  return new Map([...byHolder].map(([id, grants]) => [id, grantItems(grants)]));
}

/**
 * Stores a claims change of holders of `kind` and records it in the change history. Refuses what the access guards refuse
 * (409), then an unknown holder (404, naming `claimSets`), before anything is stored. Answers the holders' resulting grants, holder by holder in
 * `claimSets` order.
 */
export async function changeClaims(
  { store, clock, ids }: ClaimsPorts,
  kind: HolderKind,
  change: ClaimsChangeRequest,
  actor: Actor,
): Promise<ClaimGrant[]> {
  await guardAccess(store, { type: 'claims', holderKind: kind, change });
  const names = await requireHolders(store, kind, change.claimSets, 'claimSets');
  const before = await store.grantsByHolder(kind, change.claimSets);
  const plan = planClaimsChange(change, before);
  const now = clock.now();
  if (plan.removals.length) await store.removeGrants(kind, plan.removals);
  if (plan.writes.length) await store.putGrants(kind, plan.writes, now);
  if (plan.removals.length || plan.writes.length) await store.claimsChanged(kind, change.claimSets);
  const after = await store.grantsByHolder(kind, change.claimSets);
  const entries = historyEntriesOf(kind, 'claims', actor, names, itemsByHolder(before), itemsByHolder(after));
  if (entries.length) await store.recordHistory(entries.map((entry) => ({ id: ids.newId(), at: now, ...entry })));
  return change.claimSets.flatMap((id) => after.get(id) ?? []);
}
