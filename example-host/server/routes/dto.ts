/**
 * Rows → contract JSON shapes (src/contract/types.ts). Dates stay `Date` here; `JSON.stringify` writes them
 * as ISO strings, which the client revives.
 *
 * The `shallow…` variants carry every collection of the contract type as `null` (not asked for), the
 * way nested entities travel (a link's `claimGroup`, a membership's `applicationUser`…).
 */
import type { ClaimTypeFlag } from '../../../src/api/enums';
import type {
  ApplicationUser,
  ApplicationUserApplicationUserGroup,
  ApplicationUserGroup,
  ClaimGrant,
  ClaimGroup,
  ClaimGroupLink,
} from '../../../src/api/types';
import type {
  applicationUserGroups,
  applicationUsers,
  claimGrantsClaimGroups,
  claimGroupLinksClaimGroups,
  claimGroups,
  memberships,
} from '../db/schema';

/** A claim grant row of any holder table (they share their columns). */
export type GrantRow = typeof claimGrantsClaimGroups.$inferSelect;
/** A claim group link row of any holder table (they share their columns). */
export type LinkRow = typeof claimGroupLinksClaimGroups.$inferSelect;
export type ClaimGroupRow = typeof claimGroups.$inferSelect;
export type UserRow = typeof applicationUsers.$inferSelect;
export type UserGroupRow = typeof applicationUserGroups.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;

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

/** A claim group row without its collections (how a link carries its claim group: slim). */
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

/** An application user without its collections: how a membership carries it (slim). */
export function toUser(row: UserRow): ApplicationUser {
  return {
    id: row.id,
    oidcId: row.oidcId,
    name: row.name,
    userName: row.userName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    isEnabled: row.isEnabled,
    failedLoginAttempts: row.failedLoginAttempts,
    isDeleted: row.isDeleted,
    createdDateTime: row.createdDateTime,
    lastUpdatedDateTime: row.lastUpdatedDateTime,
  };
}

/** An application user group without its collections: how a membership carries it (slim). */
export function toUserGroup(row: UserGroupRow): ApplicationUserGroup {
  return {
    id: row.id,
    name: row.name,
    isDeleted: row.isDeleted,
    createdDateTime: row.createdDateTime,
    lastUpdatedDateTime: row.lastUpdatedDateTime,
  };
}

/** A membership row, with the user or the group it leads to (the other one `null`). */
export function toMembership(
  row: MembershipRow,
  related: { applicationUser?: ApplicationUser | null; applicationUserGroup?: ApplicationUserGroup | null },
): ApplicationUserApplicationUserGroup {
  return {
    id: row.id,
    applicationUserId: row.applicationUserId,
    applicationUserGroupId: row.applicationUserGroupId,
    isDeleted: row.isDeleted,
    createdDateTime: row.createdDateTime,
    lastUpdatedDateTime: row.lastUpdatedDateTime,
    applicationUser: related.applicationUser ?? null,
    applicationUserGroup: related.applicationUserGroup ?? null,
  };
}
