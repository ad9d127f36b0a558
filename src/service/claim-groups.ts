/**
 * Claim-group changes (`AddRemoveUpdateClaimGroupsTo…` of docs/spec.md, Calls): give and take claim groups of users,
 * user groups or claim groups (a claim group's sub-groups), record what changed for each holder in the change
 * history, and answer the holders' resulting links. Written once for both backends against
 * {@link ClaimGroupsStore} (the fake: src/testing/claims-model.ts; the server:
 * example-host/server/routes/assignments.ts). The body is read and checked (`parseClaimGroupsChange`) by the caller;
 * the access guards run here, first.
 */
import type { ClaimGrant, ClaimGroup, ClaimGroupLink, ClaimGroupsChangeRequest } from '../contract/types';
import {
  builtInResetChange,
  checkClaimGroupNesting,
  dropsClaimGroup,
  grantItems,
  historyEntriesOf,
  linkItems,
  planBuiltInUpsert,
  type BuiltInClaimGroupKey,
  type BuiltInUpsertStep,
  type ClaimGroupIncludeFlags,
  type ClaimGroupNode,
  type ExistingClaimGroup,
  type HistoryItem,
  type HolderKind,
} from '../domain';
import { guardAccess, requireHolders, type HolderStore } from './holders';
import type { Actor, Clock, Ids } from './ports';

/** One link to store: `holderId` holds the claim group `claimGroupId`. */
export interface LinkWrite {
  holderId: string;
  claimGroupId: string;
}

/** The reads and writes a claim-group change needs; every method works inside the caller's transaction. */
export interface ClaimGroupsStore extends HolderStore {
  /** Each holder's live links to live claim groups (with their `claimGroup`) by holder id, in the order the answer shows them. */
  linksByHolder(kind: HolderKind, holderIds: readonly string[]): Promise<ReadonlyMap<string, readonly ClaimGroupLink[]>>;
  /** Every live claim group with its live sub-groups: what the nesting rule walks (read only for claim groups' changes). */
  claimGroupGraph(): Promise<ReadonlyMap<string, Pick<ClaimGroupNode, 'subGroupIds'>>>;
  /** Removes the links with these ids. */
  removeLinks(kind: HolderKind, linkIds: readonly string[]): Promise<void>;
  /** Stores each write as a live link (a new row named by the store's own ids, or a deleted one brought back) at `now`. */
  addLinks(kind: HolderKind, links: readonly LinkWrite[], now: Date): Promise<void>;
}

/** What {@link changeClaimGroups} works with. */
export interface ClaimGroupsPorts {
  store: ClaimGroupsStore;
  clock: Clock;
  ids: Ids;
}

/** What a change does to the holders' stored links: the links it removes, and the links it adds. */
export interface ClaimGroupsPlan {
  removals: string[];
  additions: LinkWrite[];
}

/**
 * The links a change removes and adds, given each holder's links before it: a link goes when the domain's
 * `dropsClaimGroup` says so (a group the change adds is never dropped); each group of `claimGroupsToAdd` that a holder
 * does not hold yet is added.
 */
export function planClaimGroupsChange(change: ClaimGroupsChangeRequest, before: ReadonlyMap<string, readonly ClaimGroupLink[]>): ClaimGroupsPlan {
  const plan: ClaimGroupsPlan = { removals: [], additions: [] };
  for (const holderId of new Set(change.claimGroupSets)) {
    const held = new Set<string>();
    for (const link of before.get(holderId) ?? []) {
      if (dropsClaimGroup(change, link.recordId)) plan.removals.push(link.id);
      else held.add(link.recordId);
    }
    for (const claimGroupId of new Set(change.claimGroupsToAdd)) {
      if (!held.has(claimGroupId)) plan.additions.push({ holderId, claimGroupId });
    }
  }
  return plan;
}

/**
 * Stores a claim-group change of holders of `kind` and records it in the change history. Refuses, before anything is
 * stored, what the access guards refuse (409), an unknown holder or claim group (404, naming its field) and, for claim groups, a nesting the domain refuses
 * (400). Answers the holders' resulting links, holder by holder in `claimGroupSets` order.
 */
export async function changeClaimGroups(
  { store, clock, ids }: ClaimGroupsPorts,
  kind: HolderKind,
  change: ClaimGroupsChangeRequest,
  actor: Actor,
): Promise<ClaimGroupLink[]> {
  await guardAccess(store, { type: 'claimGroups', holderKind: kind, change });
  const names = await requireHolders(store, kind, change.claimGroupSets, 'claimGroupSets');
  const before = await store.linksByHolder(kind, change.claimGroupSets);
  const groupNames = await requireHolders(store, 'claimGroup', change.claimGroupsToAdd, 'claimGroupsToAdd');
  await requireHolders(store, 'claimGroup', change.claimGroupsToRemove, 'claimGroupsToRemove');
  if (kind === 'claimGroup') {
    checkClaimGroupNesting(change, await store.claimGroupGraph(), (id) => names.get(id) ?? groupNames.get(id) ?? id);
  }
  const plan = planClaimGroupsChange(change, before);
  const now = clock.now();
  if (plan.removals.length) await store.removeLinks(kind, plan.removals);
  if (plan.additions.length) await store.addLinks(kind, plan.additions, now);
  if (plan.removals.length || plan.additions.length) await store.claimsChanged(kind, change.claimGroupSets);
  const after = await store.linksByHolder(kind, change.claimGroupSets);
  const itemsOf = (byHolder: ReadonlyMap<string, readonly ClaimGroupLink[]>) =>
    new Map([...byHolder].map(([id, links]) => [id, linkItems(links)]));
  const entries = historyEntriesOf(kind, 'claimGroups', actor, names, itemsOf(before), itemsOf(after));
  if (entries.length) await store.recordHistory(entries.map((entry) => ({ id: ids.newId(), at: now, ...entry })));
  return change.claimGroupSets.flatMap((id) => after.get(id) ?? []);
}

/** The reads and writes removing a claim group needs; every method works inside the caller's transaction. */
export interface ClaimGroupRemovalStore extends HolderStore {
  /** The live holders of `kind` that hold the claim group through a live link, with their names. */
  holdersOfClaimGroup(kind: HolderKind, claimGroupId: string): Promise<ReadonlyMap<string, string>>;
  /** Removes the claim group with its grants and every link to or from it. */
  removeClaimGroup(claimGroupId: string): Promise<void>;
}

const HOLDER_KINDS: readonly HolderKind[] = ['user', 'userGroup', 'claimGroup'];

/**
 * Removes a claim group (`DeleteClaimGroupByName`; found by name by the caller; the access guards run here, first): every user, user group and
 * parent claim group holding it loses it and the history says so, and the users it reached (looked up before its links
 * go) are told their claims changed.
 */
export async function removeClaimGroup(
  ports: { store: ClaimGroupRemovalStore; clock: Clock; ids: Ids },
  group: { id: string; name: string },
  actor: Actor,
): Promise<void> {
  const { store, clock, ids } = ports;
  await guardAccess(store, { type: 'deleteClaimGroup', claimGroupId: group.id });
  const now = clock.now();
  const lost = [{ key: `claimGroup:${group.id}`, label: group.name }];
  for (const kind of HOLDER_KINDS) {
    const holders = await store.holdersOfClaimGroup(kind, group.id);
    const before = new Map([...holders.keys()].map((id) => [id, lost]));
    const entries = historyEntriesOf(kind, 'claimGroups', actor, holders, before, new Map());
    if (entries.length) await store.recordHistory(entries.map((entry) => ({ id: ids.newId(), at: now, ...entry })));
  }
  await store.claimsChanged('claimGroup', [group.id]);
  await store.removeClaimGroup(group.id);
}

/** The reads and writes restoring the built-in claim groups needs; every method works inside the caller's transaction. */
export interface BuiltInClaimGroupsStore extends HolderStore {
  /** The ids this backend gives the built-in groups it creates. */
  readonly builtInIds: Readonly<Record<BuiltInClaimGroupKey, string>>;
  /** Every claim group, live and deleted: where the built-in groups are looked for. */
  claimGroupRows(): Promise<readonly ExistingClaimGroup[]>;
  /** Every live claim group with its live sub-groups: what the nesting rule walks. */
  claimGroupGraph(): Promise<ReadonlyMap<string, Pick<ClaimGroupNode, 'subGroupIds'>>>;
  /** Each claim group's live grants by id. */
  grantsByHolder(kind: 'claimGroup', holderIds: readonly string[]): Promise<ReadonlyMap<string, readonly ClaimGrant[]>>;
  /** Each claim group's live links to live sub-groups by id. */
  linksByHolder(kind: 'claimGroup', holderIds: readonly string[]): Promise<ReadonlyMap<string, readonly ClaimGroupLink[]>>;
  /** Stores the steps: creates, restores and renames the groups; replaces a reset group's grants and sub-groups. */
  storeBuiltIns(steps: readonly BuiltInUpsertStep[], now: Date): Promise<void>;
  /** The claim groups `ids` as the API shows them with `include`, in the order of `ids`. */
  claimGroupsOf(ids: readonly string[], include: ClaimGroupIncludeFlags): Promise<ClaimGroup[]>;
}

/** What {@link upsertBuiltInClaimGroups} works with. */
export interface BuiltInClaimGroupsPorts {
  store: BuiltInClaimGroupsStore;
  clock: Clock;
  ids: Ids;
}

const BUILT_IN_ANSWER: ClaimGroupIncludeFlags = { claims: true, userGroups: false, users: false, claimGroups: true };

/**
 * Creates the missing built-in claim groups; with `override`, resets existing ones to their built-in name, claims and
 * sub-groups (`UpsertBuiltInClaimGroups`, the domain's `planBuiltInUpsert`). Refuses, before anything is stored, a
 * reset the access guards refuse (409); records each reset group's claims and sub-groups in the change history (claims
 * first) and answers the built-in groups with their claims and sub-groups.
 */
export async function upsertBuiltInClaimGroups(ports: BuiltInClaimGroupsPorts, override: boolean, actor: Actor): Promise<ClaimGroup[]> {
  const { store, clock, ids } = ports;
  const steps = planBuiltInUpsert(await store.claimGroupRows(), store.builtInIds, override, await store.claimGroupGraph());
  await guardAccess(store, builtInResetChange(steps));
  const reset = steps.filter((step) => step.reset).map((step) => step.id);
  const grantsBefore = await store.grantsByHolder('claimGroup', reset);
  const linksBefore = await store.linksByHolder('claimGroup', reset);
  await store.storeBuiltIns(steps, clock.now());
  const changed = steps.filter((step) => step.create || step.update || step.reset).map((step) => step.id);
  if (changed.length) await store.claimsChanged('claimGroup', changed);
  const items = <R>(byHolder: ReadonlyMap<string, readonly R[]>, toItems: (rows: readonly R[]) => HistoryItem[]) =>
    new Map([...byHolder].map(([id, rows]) => [id, toItems(rows)]));
  const found = await store.holderNames('claimGroup', reset);
  const names = new Map(reset.map((id) => [id, found.get(id) ?? id]));
  const grantsAfter = await store.grantsByHolder('claimGroup', reset);
  const linksAfter = await store.linksByHolder('claimGroup', reset);
  const now = clock.now();
  const entries = [
    ...historyEntriesOf('claimGroup', 'claims', actor, names, items(grantsBefore, grantItems), items(grantsAfter, grantItems)),
    ...historyEntriesOf('claimGroup', 'claimGroups', actor, names, items(linksBefore, linkItems), items(linksAfter, linkItems)),
  ];
  if (entries.length) await store.recordHistory(entries.map((entry) => ({ id: ids.newId(), at: now, ...entry })));
  return store.claimGroupsOf(steps.map((step) => step.id), BUILT_IN_ANSWER);
}
