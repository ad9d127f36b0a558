/**
 * Rows → contract JSON shapes (src/api/types.ts). Dates stay `Date` here; `JSON.stringify` writes them
 * as ISO strings, which the client revives.
 */
import type { ClaimTypeFlag } from '../../../src/api/enums';
import type { ClaimGrant, ClaimGroup, ClaimGroupLink } from '../../../src/api/types';
import type { claimGrantsClaimGroups, claimGroupLinksClaimGroups, claimGroups } from '../db/schema';

type GrantRow = typeof claimGrantsClaimGroups.$inferSelect;
type LinkRow = typeof claimGroupLinksClaimGroups.$inferSelect;
type ClaimGroupRow = typeof claimGroups.$inferSelect;

/** A claim grant row as a `ClaimGrant` (`recordId` is the holder). */
export function toClaimGrant(row: GrantRow): ClaimGrant {
  return {
    id: row.id,
    recordId: row.holderId,
    claimType: row.claimType as ClaimTypeFlag,
    claimValue: row.claimValue,
    priorityOfPermission: row.priorityOfPermission,
    allow: row.allow,
    isDeleted: row.isDeleted,
    createdDateTime: row.createdDateTime,
    lastUpdatedDateTime: row.lastUpdatedDateTime,
  };
}

/** A claim group row without its collections. */
export function toClaimGroup(row: ClaimGroupRow): ClaimGroup {
  return {
    id: row.id,
    name: row.name,
    builtInGroup: row.builtInGroup,
    isDeleted: row.isDeleted,
    createdDateTime: row.createdDateTime,
    lastUpdatedDateTime: row.lastUpdatedDateTime,
  };
}

/** A claim group link row as a `ClaimGroupLink` (`recordId` is the granted claim group). */
export function toClaimGroupLink(row: LinkRow, claimGroup?: ClaimGroup | null): ClaimGroupLink {
  return {
    id: row.id,
    holderId: row.holderId,
    recordId: row.claimGroupId,
    priorityOfPermission: row.priorityOfPermission,
    isDeleted: row.isDeleted,
    createdDateTime: row.createdDateTime,
    lastUpdatedDateTime: row.lastUpdatedDateTime,
    claimGroup: claimGroup ?? null,
  };
}
