/**
 * The three kinds of claim holders (application users, application user groups and claim groups)
 * with their tables: claims are granted to each through a grant table (`claimEnumsIn…`) and claim
 * groups through a link table (`claimGroupsIn…`). The grant and link tables of the three kinds have
 * the same columns, so code that works on one works on all.
 */
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index';
import {
  applicationUserGroups,
  applicationUsers,
  claimGrantsClaimGroups,
  claimGrantsUserGroups,
  claimGrantsUsers,
  claimGroupLinksClaimGroups,
  claimGroupLinksUserGroups,
  claimGroupLinksUsers,
  claimGroups,
} from '../db/schema';
import type { HolderKind } from '../../../src/domain';

export type { HolderKind };

/** A grant table (they all have the columns of `claim_grants_claim_groups`). */
export type GrantTable = typeof claimGrantsClaimGroups;
/** A link table (they all have the columns of `claim_group_links_claim_groups`). */
export type LinkTable = typeof claimGroupLinksClaimGroups;

export interface HolderTables {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  isDeleted: PgColumn;
  grants: GrantTable;
  links: LinkTable;
}

export const HOLDERS: Readonly<Record<HolderKind, HolderTables>> = {
  user: {
    table: applicationUsers,
    id: applicationUsers.id,
    name: applicationUsers.name,
    isDeleted: applicationUsers.isDeleted,
    grants: claimGrantsUsers as unknown as GrantTable,
    links: claimGroupLinksUsers as unknown as LinkTable,
  },
  userGroup: {
    table: applicationUserGroups,
    id: applicationUserGroups.id,
    name: applicationUserGroups.name,
    isDeleted: applicationUserGroups.isDeleted,
    grants: claimGrantsUserGroups as unknown as GrantTable,
    links: claimGroupLinksUserGroups as unknown as LinkTable,
  },
  claimGroup: {
    table: claimGroups,
    id: claimGroups.id,
    name: claimGroups.name,
    isDeleted: claimGroups.isDeleted,
    grants: claimGrantsClaimGroups,
    links: claimGroupLinksClaimGroups,
  },
};

/** Splits `items` into chunks (keeps `IN (…)` lists and multi-row inserts at a sane size). */
export function chunked<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The live claim groups and their live sub-group links: what `wouldCreateCycle` walks. */
export async function loadClaimGroupGraph(db: Db): Promise<Map<string, { subGroupIds: string[] }>> {
  const graph = new Map<string, { subGroupIds: string[] }>();
  const groups = await db.select({ id: claimGroups.id }).from(claimGroups).where(eq(claimGroups.isDeleted, false));
  for (const g of groups) graph.set(g.id, { subGroupIds: [] });
  const links = await db
    .select({ holderId: claimGroupLinksClaimGroups.holderId, claimGroupId: claimGroupLinksClaimGroups.claimGroupId })
    .from(claimGroupLinksClaimGroups)
    .where(eq(claimGroupLinksClaimGroups.isDeleted, false));
  for (const l of links) graph.get(l.holderId)?.subGroupIds.push(l.claimGroupId);
  return graph;
}
