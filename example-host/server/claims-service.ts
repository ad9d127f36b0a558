/**
 * Effective claims of application users (DESIGN §4), loaded from the grant, link and membership
 * tables and computed with the domain's `computeEffectiveClaims`; cached per user until a committed
 * change of claims clears the cache.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { computeEffectiveClaims, type ClaimGroupNode, type ClaimHolderGraph } from '../../src/domain/effective-claims';
import { Permission } from '../../src/api/enums';
import type { Db } from './db/index';
import {
  applicationUserGroups,
  claimGrantsClaimGroups,
  claimGrantsUserGroups,
  claimGrantsUsers,
  claimGroupLinksClaimGroups,
  claimGroupLinksUserGroups,
  claimGroupLinksUsers,
  claimGroups,
  memberships,
} from './db/schema';

const notDeleted = (table: { isDeleted: AnyPgColumn }) => eq(table.isDeleted, false);

/** Loads what `computeEffectiveClaims` needs for one user. */
export async function loadClaimGraph(db: Db, userId: string): Promise<ClaimHolderGraph> {
  const grantFields = (t: typeof claimGrantsUsers | typeof claimGrantsUserGroups | typeof claimGrantsClaimGroups) => ({
    holderId: t.holderId,
    claimValue: t.claimValue,
    allow: t.allow,
    priorityOfPermission: t.priorityOfPermission,
  });
  const userGrants = await db
    .select(grantFields(claimGrantsUsers))
    .from(claimGrantsUsers)
    .where(and(eq(claimGrantsUsers.holderId, userId), notDeleted(claimGrantsUsers)));
  const userLinks = await db
    .select({ claimGroupId: claimGroupLinksUsers.claimGroupId })
    .from(claimGroupLinksUsers)
    .where(and(eq(claimGroupLinksUsers.holderId, userId), notDeleted(claimGroupLinksUsers)));
  const groupRows = await db
    .select({ id: applicationUserGroups.id })
    .from(memberships)
    .innerJoin(applicationUserGroups, eq(applicationUserGroups.id, memberships.applicationUserGroupId))
    .where(and(eq(memberships.applicationUserId, userId), notDeleted(memberships), notDeleted(applicationUserGroups)));
  const groupIds = groupRows.map((g) => g.id);
  const groupGrants = groupIds.length
    ? await db
        .select(grantFields(claimGrantsUserGroups))
        .from(claimGrantsUserGroups)
        .where(and(inArray(claimGrantsUserGroups.holderId, groupIds), notDeleted(claimGrantsUserGroups)))
    : [];
  const groupLinks = groupIds.length
    ? await db
        .select({ holderId: claimGroupLinksUserGroups.holderId, claimGroupId: claimGroupLinksUserGroups.claimGroupId })
        .from(claimGroupLinksUserGroups)
        .where(and(inArray(claimGroupLinksUserGroups.holderId, groupIds), notDeleted(claimGroupLinksUserGroups)))
    : [];
  const groups = await db.select({ id: claimGroups.id }).from(claimGroups).where(notDeleted(claimGroups));
  const cgGrants = await db
    .select(grantFields(claimGrantsClaimGroups))
    .from(claimGrantsClaimGroups)
    .where(notDeleted(claimGrantsClaimGroups));
  const cgLinks = await db
    .select({ holderId: claimGroupLinksClaimGroups.holderId, claimGroupId: claimGroupLinksClaimGroups.claimGroupId })
    .from(claimGroupLinksClaimGroups)
    .where(notDeleted(claimGroupLinksClaimGroups));

  const nodes = new Map<string, { grants: ClaimGroupNode['grants'][number][]; subGroupIds: string[] }>();
  for (const g of groups) nodes.set(g.id, { grants: [], subGroupIds: [] });
  for (const g of cgGrants) nodes.get(g.holderId)?.grants.push(g);
  for (const l of cgLinks) nodes.get(l.holderId)?.subGroupIds.push(l.claimGroupId);

  return {
    userGrants,
    userClaimGroupIds: userLinks.map((l) => l.claimGroupId),
    userGroups: groupIds.map((id) => ({
      grants: groupGrants.filter((g) => g.holderId === id),
      claimGroupIds: groupLinks.filter((l) => l.holderId === id).map((l) => l.claimGroupId),
    })),
    claimGroups: nodes,
  };
}

/** Effective claims per user, cached until cleared. */
export class ClaimsService {
  private readonly cache = new Map<string, ReadonlySet<number>>();
  private generation = 0;

  constructor(private readonly db: Db) {}

  /** The user's effective claims (cached). */
  async effectiveClaims(userId: string): Promise<ReadonlySet<number>> {
    const cached = this.cache.get(userId);
    if (cached) return cached;
    const generation = this.generation;
    const claims = computeEffectiveClaims(await loadClaimGraph(this.db, userId));
    // A change that happened while computing makes this result stale: do not keep it.
    if (generation === this.generation) this.cache.set(userId, claims);
    return claims;
  }

  /** Forgets one user's claims (`ClearUserClaimsCache`). */
  clearUser(userId: string): void {
    this.cache.delete(userId);
  }

  /** Forgets every user's claims: call after any permission or membership change. */
  invalidateAll(): void {
    this.generation += 1;
    this.cache.clear();
  }

  /** How many users are cached (for tests). */
  get size(): number {
    return this.cache.size;
  }
}

/** Whether the claims satisfy a required server claim; GlobalDataAdmin satisfies every one. */
export function hasClaim(claims: ReadonlySet<number>, required: number): boolean {
  return claims.has(required) || claims.has(Permission.GlobalDataAdmin);
}

/** Whether the claims make their holder an administrator (GlobalDataAdmin or AdminPanel_Access). */
export function isAdministrator(claims: ReadonlySet<number>): boolean {
  return claims.has(Permission.GlobalDataAdmin) || claims.has(Permission.AdminPanel_Access);
}
