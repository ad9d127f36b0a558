/**
 * Effective claims (DESIGN §4): the union over a user's own grants, the user's groups' grants and
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
}

/** What is known of one user for the computation. */
export interface ClaimHolderGraph {
  /** The user's own grants. */
  userGrants: readonly ClaimGrantInput[];
  /** Claim groups granted to the user directly. */
  userClaimGroupIds: readonly string[];
  /** The user's groups: their own grants and the claim groups granted to them. */
  userGroups: readonly { grants: readonly ClaimGrantInput[]; claimGroupIds: readonly string[] }[];
  /** Every claim group by id. */
  claimGroups: ReadonlyMap<string, ClaimGroupNode>;
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

/** Resolves grants to the set of allowed claim values: highest priority wins, a deny wins a tie. */
export function resolveGrants(grants: Iterable<ClaimGrantInput>): Set<number> {
  const best = new Map<number, { priority: number; allow: boolean }>();
  for (const g of grants) {
    const current = best.get(g.claimValue);
    if (
      !current ||
      g.priorityOfPermission > current.priority ||
      (g.priorityOfPermission === current.priority && !g.allow)
    ) {
      best.set(g.claimValue, { priority: g.priorityOfPermission, allow: g.allow });
    }
  }
  const allowed = new Set<number>();
  for (const [value, { allow }] of best) if (allow) allowed.add(value);
  return allowed;
}

/** The claim values a user effectively holds. */
export function computeEffectiveClaims(graph: ClaimHolderGraph): Set<number> {
  const roots = [...graph.userClaimGroupIds, ...graph.userGroups.flatMap((g) => g.claimGroupIds)];
  const groups = reachableClaimGroups(roots, graph.claimGroups);
  const grants: ClaimGrantInput[] = [...graph.userGrants];
  for (const g of graph.userGroups) grants.push(...g.grants);
  for (const id of groups) grants.push(...(graph.claimGroups.get(id)?.grants ?? []));
  return resolveGrants(grants);
}

/**
 * Whether making `childId` a sub-group of `parentId` would create a cycle: true when they are the
 * same group or when `childId` already (transitively) contains `parentId` (spec §5).
 */
export function wouldCreateCycle(
  parentId: string,
  childId: string,
  claimGroups: ReadonlyMap<string, Pick<ClaimGroupNode, 'subGroupIds'>>,
): boolean {
  if (parentId === childId) return true;
  return reachableClaimGroups([childId], claimGroups).has(parentId);
}
