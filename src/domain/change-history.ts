/**
 * Change history of permission administration (beyond the spec): what one change did to one holder —
 * claims, claim groups or members added, removed or updated — worked out once here from the holder's rows before and
 * after, for the reference server and the test fake alike.
 */
import type { ApplicationUserApplicationUserGroup, ClaimGrant, ClaimGroupLink } from '../contract/types';
import { claimKey } from './claim-catalogue';
import { DomainError } from './errors';
import { isUuid } from './ids';
import { readPaging, type Paging } from './paging';
import type { QueryParams } from './params';

/** The holders whose history is kept. */
export type HistoryHolderKind = 'user' | 'userGroup' | 'claimGroup';

/** What kind of change an entry records. */
export type HistoryAction = 'claims' | 'claimGroups' | 'members';

/** One thing a change added, removed or updated: a claim, a claim group or a member. */
export interface HistoryItem {
  /** Stable identity: `claim:16`, `claimGroup:<id>`, `user:<id>`. */
  key: string;
  /** What a person reads: the claim key, the group's or the user's name. */
  label: string;
  /** For claims: 'allow · priority 2' or 'deny · priority 10'. */
  detail?: string;
}

/** One recorded change of one holder. */
export interface HistoryEntry {
  id: string;
  /** When the change was made (an ISO 8601 string on the wire; the client's transport revives it). */
  at: Date;
  /** Who made it (null: the system, e.g. a seed). */
  actor: { id: string; name: string } | null;
  holderKind: HistoryHolderKind;
  holderId: string;
  holderName: string;
  action: HistoryAction;
  added: HistoryItem[];
  removed: HistoryItem[];
  updated: HistoryItem[];
}

/** The items a change added, removed or updated (same key, another detail), each sorted by label. */
export function diffItems(
  before: readonly HistoryItem[],
  after: readonly HistoryItem[],
): Pick<HistoryEntry, 'added' | 'removed' | 'updated'> {
  const old = new Map(before.map((i) => [i.key, i]));
  const now = new Map(after.map((i) => [i.key, i]));
  const byLabel = (a: HistoryItem, b: HistoryItem) => a.label.localeCompare(b.label);
  return {
    added: [...now.values()].filter((i) => !old.has(i.key)).sort(byLabel),
    removed: [...old.values()].filter((i) => !now.has(i.key)).sort(byLabel),
    updated: [...now.values()].filter((i) => old.has(i.key) && old.get(i.key)?.detail !== i.detail).sort(byLabel),
  };
}

/** Whether a diff changed anything (an entry is recorded only then). */
export function changedAnything(diff: Pick<HistoryEntry, 'added' | 'removed' | 'updated'>): boolean {
  return diff.added.length + diff.removed.length + diff.updated.length > 0;
}

/** What one write did to each of its holders, ready to store: holders whose items did not change get no entry. */
export function historyEntriesOf(
  holderKind: HistoryHolderKind,
  action: HistoryAction,
  actor: HistoryEntry['actor'],
  holders: ReadonlyMap<string, string>,
  before: ReadonlyMap<string, readonly HistoryItem[]>,
  after: ReadonlyMap<string, readonly HistoryItem[]>,
): Omit<HistoryEntry, 'id' | 'at'>[] {
  return [...holders].flatMap(([holderId, holderName]) => {
    const diff = diffItems(before.get(holderId) ?? [], after.get(holderId) ?? []);
    return changedAnything(diff) ? [{ actor, holderKind, holderId, holderName, action, ...diff }] : [];
  });
}

/** A holder's claim grants as history items. */
export function grantItems(grants: readonly Pick<ClaimGrant, 'claimValue' | 'allow' | 'priorityOfPermission'>[]): HistoryItem[] {
  return grants.map((g) => ({
    key: `claim:${g.claimValue}`,
    label: claimKey(g.claimValue),
    detail: `${g.allow ? 'allow' : 'deny'} · priority ${g.priorityOfPermission}`,
  }));
}

/** A holder's claim group links as history items (names from the links' claim groups, else `names`). */
export function linkItems(links: readonly ClaimGroupLink[], names: ReadonlyMap<string, string> = new Map()): HistoryItem[] {
  return links.map((l) => ({ key: `claimGroup:${l.recordId}`, label: l.claimGroup?.name ?? names.get(l.recordId) ?? l.recordId }));
}

/** A user group's memberships as history items. */
export function memberItems(members: readonly ApplicationUserApplicationUserGroup[]): HistoryItem[] {
  return members.map((m) => ({
    key: `user:${m.applicationUserId}`,
    label: m.applicationUser?.name || m.applicationUser?.userName || m.applicationUser?.email || m.applicationUserId,
  }));
}

/** The holder kinds a history query may name. */
export function readHistoryHolderKind(value: string | null): HistoryHolderKind | null {
  return value === 'user' || value === 'userGroup' || value === 'claimGroup' ? value : null;
}

/** A read of one holder's history: `holderId` null when it is not a UUID (no such holder: an empty page). */
export interface HistoryQuery {
  holderKind: HistoryHolderKind;
  holderId: string | null;
  paging: Paging;
}

/** Reads `GetPermissionHistory`'s `holderKind`, `holderId`, `page` and `count` (400 naming a bad holder kind). */
export function readHistoryQuery(query: QueryParams): HistoryQuery {
  const holderKind = readHistoryHolderKind(query.required('holderKind'));
  if (!holderKind) throw new DomainError(400, "'holderKind' must be 'user', 'userGroup' or 'claimGroup'.");
  const holderId = query.required('holderId');
  return { holderKind, holderId: isUuid(holderId) ? holderId.toLowerCase() : null, paging: readPaging(query) };
}
