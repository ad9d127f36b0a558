/**
 * Effective claims (docs/decisions.md, Effective claims): the union over a user's own grants, the user's groups' grants and
 * every claim group reachable from either through nested claim groups. Where one claim value is
 * granted more than once the highest `priorityOfPermission` wins; at equal priority a deny wins.
 * Pure and shared by the reference server and the test fake.
 */

/** One grant or deny of a claim value. */
export interface ClaimGrantInput {
  claimValue: number;
  allow: boolean;
  priorityOfPermission: number;
}

/** A claim group's own grants and its direct sub-groups. */
export interface ClaimGroupNode {
  grants: readonly ClaimGrantInput[];
  subGroupIds: readonly string[];
  /** The group's name, for explanations. */
  name?: string;
}

/** What is known of one user (or, with `holder`, one user group) for the computation. */
export interface ClaimHolderGraph {
  /** Who holds the grants below, for explanations. @default a user without a name */
  holder?: GrantSourceStep;
  /** The user's own grants. */
  userGrants: readonly ClaimGrantInput[];
  /** Claim groups granted to the user directly. */
  userClaimGroupIds: readonly string[];
  /** The user's groups: their own grants and the claim groups granted to them. */
  userGroups: readonly { grants: readonly ClaimGrantInput[]; claimGroupIds: readonly string[]; id?: string; name?: string }[];
  /** The claim groups by id: every one, or at least every one reachable from the holder. */
  claimGroups: ReadonlyMap<string, ClaimGroupNode>;
}

/** One step of the path a grant came through: the user, one of their groups, or a claim group (role). */
export interface GrantSourceStep {
  kind: 'user' | 'userGroup' | 'claimGroup';
  id: string;
  name: string;
}

/** A grant and the path it reached the holder through (holder first, the grant's own holder last). */
export interface ExplainedGrant extends ClaimGrantInput {
  path: readonly GrantSourceStep[];
}

/** Why a grant did not decide its claim. */
export type OverruledReason = 'lower-priority' | 'deny-wins-tie' | 'same-outcome-tie';

/** One claim value as the holder ends up with it, and why. */
export interface EffectivePermission {
  claimValue: number;
  /** Whether the claim is held: the winning grant allows it. */
  allowed: boolean;
  /** The grant that decided: the highest priority; at equal priority a deny. */
  winner: ExplainedGrant;
  /** Every other grant of the same claim value, and why it lost. */
  overruled: readonly (ExplainedGrant & { reason: OverruledReason })[];
}

/** Claim groups reachable from `roots` (roots included), each once, whatever cycles the data holds. */
export function reachableClaimGroups(
  roots: Iterable<string>,
  claimGroups: ReadonlyMap<string, Pick<ClaimGroupNode, 'subGroupIds'>>,
): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    const node = claimGroups.get(id);
    if (!node) continue;
    seen.add(id);
    for (const sub of node.subGroupIds) if (!seen.has(sub)) stack.push(sub);
  }
  return seen;
}

/** The one rule that decides between two grants of a claim: the higher priority wins; at equal priority a deny. */
export function grantBeats(candidate: ClaimGrantInput, current: ClaimGrantInput): boolean {
  return (
    candidate.priorityOfPermission > current.priorityOfPermission ||
    (candidate.priorityOfPermission === current.priorityOfPermission && !candidate.allow && current.allow)
  );
}

/** The deciding grant of each claim value (by {@link grantBeats}; the first of equals stays). */
function winners<G extends ClaimGrantInput>(grants: Iterable<G>): Map<number, G> {
  const best = new Map<number, G>();
  for (const g of grants) {
    const current = best.get(g.claimValue);
    if (!current || grantBeats(g, current)) best.set(g.claimValue, g);
  }
  return best;
}

/** Resolves grants to the set of allowed claim values: highest priority wins, a deny wins a tie. */
export function resolveGrants(grants: Iterable<ClaimGrantInput>): Set<number> {
  const allowed = new Set<number>();
  for (const [value, g] of winners(grants)) if (g.allow) allowed.add(value);
  return allowed;
}

/**
 * Every grant reaching the holder, each claim group counted once, with the path it came through (breadth first, so
 * the shortest path; the holder's own grants, then their groups', then the claim groups').
 */
export function collectGrants(graph: ClaimHolderGraph): ExplainedGrant[] {
  const holder = graph.holder ?? { kind: 'user' as const, id: '', name: '' };
  const out: ExplainedGrant[] = [];
  const start: GrantSourceStep[] = [holder];
  for (const g of graph.userGrants) out.push({ ...plain(g), path: start });
  const queue: { id: string; path: GrantSourceStep[] }[] = graph.userClaimGroupIds.map((id) => ({ id, path: start }));
  for (const group of graph.userGroups) {
    const path = [holder, { kind: 'userGroup' as const, id: group.id ?? '', name: group.name ?? '' }];
    for (const g of group.grants) out.push({ ...plain(g), path });
    for (const id of group.claimGroupIds) queue.push({ id, path });
  }
  const seen = new Set<string>();
  for (let i = 0; i < queue.length; i++) {
    const { id, path: via } = queue[i]!;
    if (seen.has(id)) continue;
    const node = graph.claimGroups.get(id);
    if (!node) continue;
    seen.add(id);
    const path = [...via, { kind: 'claimGroup' as const, id, name: node.name ?? '' }];
    for (const g of node.grants) out.push({ ...plain(g), path });
    for (const sub of node.subGroupIds) if (!seen.has(sub)) queue.push({ id: sub, path });
  }
  return out;
}

function plain(g: ClaimGrantInput): ClaimGrantInput {
  return { claimValue: g.claimValue, allow: g.allow, priorityOfPermission: g.priorityOfPermission };
}

/** The claim values a user effectively holds. */
export function computeEffectiveClaims(graph: ClaimHolderGraph): Set<number> {
  return resolveGrants(collectGrants(graph));
}

/**
 * What a claim group (role) grants, as a holder graph: its own grants are the holder's, its sub-groups the holder's
 * claim groups, so that explanations read 'granted directly' for its own grants and name each nested role otherwise.
 * Undefined when `claimGroups` does not hold the group.
 */
export function claimGroupHolderGraph(claimGroupId: string, claimGroups: ReadonlyMap<string, ClaimGroupNode>): ClaimHolderGraph | undefined {
  const group = claimGroups.get(claimGroupId);
  if (!group) return undefined;
  return {
    holder: { kind: 'claimGroup', id: claimGroupId, name: group.name ?? '' },
    userGrants: group.grants,
    userClaimGroupIds: group.subGroupIds,
    userGroups: [],
    claimGroups,
  };
}

/**
 * "Why can they?": every claim value the holder ends up with, allowed or denied, the grant that decided it and the
 * path it came through, and the grants that lost and why — by the same rule the server enforces
 * ({@link computeEffectiveClaims} and this share {@link collectGrants} and {@link grantBeats}). Sorted by claim value.
 */
export function explainEffectiveClaims(graph: ClaimHolderGraph): EffectivePermission[] {
  const grants = collectGrants(graph);
  const best = winners(grants);
  const byValue = new Map<number, ExplainedGrant[]>();
  for (const g of grants) {
    const list = byValue.get(g.claimValue);
    if (list) list.push(g);
    else byValue.set(g.claimValue, [g]);
  }
  return [...best.entries()]
    .sort(([a], [b]) => a - b)
    .map(([claimValue, winner]) => ({
      claimValue,
      allowed: winner.allow,
      winner,
      overruled: (byValue.get(claimValue) ?? [])
        .filter((g) => g !== winner)
        .map((g) => ({
          ...g,
          reason:
            g.priorityOfPermission < winner.priorityOfPermission
              ? ('lower-priority' as const)
              : g.allow && !winner.allow
                ? ('deny-wins-tie' as const)
                : ('same-outcome-tie' as const),
        })),
    }));
}

/**
 * Whether making `childId` a sub-group of `parentId` would create a cycle: true when they are the
 * same group or when `childId` already (transitively) contains `parentId` (docs/spec.md, Validation rules).
 */
export function wouldCreateCycle(
  parentId: string,
  childId: string,
  claimGroups: ReadonlyMap<string, Pick<ClaimGroupNode, 'subGroupIds'>>,
): boolean {
  if (parentId === childId) return true;
  return reachableClaimGroups([childId], claimGroups).has(parentId);
}
