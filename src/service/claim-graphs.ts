/**
 * The claim graph of one holder, written once over a backend's {@link ClaimGraphStore}: what decides the effective
 * claims of a live user, user group or claim group ("Why can they?"), and the part of the access model that decides
 * whether changes take GlobalDataAdmin away from the caller (`RemovesMyAdminAccess`). The store reads rows; which rows
 * a holder's graph is made of, and how they fit together, is decided here.
 */
import type { AccessClaimGroup, AccessHolder, AccessModel, AccessUser, ClaimGroupNode, ClaimHolderGraph } from '../domain';
import { claimGroupHolderGraph } from '../domain';

/** A live user's graph, and whether the user is enabled. */
export type UserClaimGraph = ClaimHolderGraph & { enabled: boolean };

/** A live user group's name, own grants and the claim groups granted to it. */
export type UserGroupHolding = AccessHolder & { name: string };

/** What the claim graphs read of a backend; every read sees live rows only. */
export interface ClaimGraphStore {
  /**
   * The graph of the live user `userId`: their grants and claim groups, their live user groups' (with `id` and
   * `name`), and the claim groups all of these reach (null: no live user with that id).
   */
  userGraph(userId: string): Promise<UserClaimGraph | null>;
  /** The live user groups among `ids`, by id (an unknown or deleted id is left out). */
  userGroups(ids: readonly string[]): Promise<ReadonlyMap<string, UserGroupHolding>>;
  /** The live claim groups reachable from `roots` through nested claim groups (roots included), with their names. */
  reachableClaimGroups(roots: readonly string[]): Promise<ReadonlyMap<string, ClaimGroupNode>>;
}

/** The holders whose graph can be asked for. */
export type GraphHolderKind = 'user' | 'userGroup' | 'claimGroup';

/** What decides the effective claims of the live holder `id` of `kind` (null: none with that id). */
export async function claimGraphOf(store: ClaimGraphStore, kind: GraphHolderKind, id: string): Promise<ClaimHolderGraph | null> {
  const key = id.toLowerCase();
  if (kind === 'user') return store.userGraph(key);
  if (kind === 'claimGroup') return claimGroupHolderGraph(key, await store.reachableClaimGroups([key])) ?? null;
  const group = (await store.userGroups([key])).get(key);
  if (!group) return null;
  return {
    holder: { kind: 'userGroup', id: key, name: group.name },
    userGrants: group.grants,
    userClaimGroupIds: group.claimGroupIds,
    userGroups: [],
    claimGroups: await store.reachableClaimGroups(group.claimGroupIds),
  };
}

/**
 * The part of the access model that decides whether changes take the caller's GlobalDataAdmin away
 * (src/domain/own-admin-check.ts): the caller, their user groups and the user groups the changes name, and every claim
 * group these and the changes' claim groups reach — a few rows, never every user.
 */
export async function ownAccessModel(
  store: ClaimGraphStore,
  userId: string,
  refs: { userGroupIds: readonly string[]; claimGroupIds: readonly string[] },
): Promise<AccessModel> {
  const graph = await store.userGraph(userId);
  const userGroups = new Map<string, AccessHolder>(graph?.userGroups.map((g) => [g.id as string, g]));
  const others = [...new Set(refs.userGroupIds)].filter((id) => !userGroups.has(id));
  if (others.length > 0) for (const [id, group] of await store.userGroups(others)) userGroups.set(id, group);
  const claimGroups = new Map<string, AccessClaimGroup>();
  const add = (nodes: ReadonlyMap<string, ClaimGroupNode>) => {
    for (const [id, node] of nodes) if (!claimGroups.has(id)) claimGroups.set(id, { ...node, name: node.name ?? '', builtIn: false });
  };
  if (graph) add(graph.claimGroups);
  const roots = [...refs.claimGroupIds, ...[...userGroups.values()].flatMap((g) => g.claimGroupIds)].filter((id) => !claimGroups.has(id));
  if (roots.length > 0) add(await store.reachableClaimGroups(roots));
  const users = new Map<string, AccessUser>();
  if (graph) {
    const { enabled, userGrants: grants, userClaimGroupIds: claimGroupIds } = graph;
    users.set(userId, { enabled, grants, claimGroupIds, userGroupIds: graph.userGroups.map((g) => g.id as string) });
  }
  return { users, userGroups, claimGroups };
}
