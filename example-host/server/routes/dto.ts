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

/** A row as the contract keeps it: without `nameFolded`, the lowered name PostgreSQL keeps for search and order. */
const contractRow = <R extends { nameFolded?: string | null }>({ nameFolded: _folded, ...row }: R): Omit<R, 'nameFolded'> => row;

/** A claim grant row as a `ClaimGrant` (`recordId` is the holder). */
export function toClaimGrant({ holderId, claimType, ...row }: GrantRow): ClaimGrant {
  return { ...row, recordId: holderId, claimType: claimType as ClaimTypeFlag };
}

/** A claim group row without its collections (how a link carries its claim group: slim). */
export const toClaimGroup = (row: ClaimGroupRow): ClaimGroup => contractRow(row);

/** A claim group link row as a `ClaimGroupLink` (`recordId` is the granted claim group). */
export function toClaimGroupLink({ claimGroupId, ...row }: LinkRow, claimGroup?: ClaimGroup | null): ClaimGroupLink {
  return { ...row, recordId: claimGroupId, claimGroup: claimGroup ?? null };
}

/** An application user without its collections: how a membership carries it (slim). */
export const toUser = (row: UserRow): ApplicationUser => contractRow(row);

/** An application user group without its collections: how a membership carries it (slim). */
export const toUserGroup = (row: UserGroupRow): ApplicationUserGroup => contractRow(row);

/** A membership row, with the user or the group it leads to (the other one `null`). */
export function toMembership(
  row: MembershipRow,
  related: { applicationUser?: ApplicationUser | null; applicationUserGroup?: ApplicationUserGroup | null },
): ApplicationUserApplicationUserGroup {
  return { ...row, applicationUser: related.applicationUser ?? null, applicationUserGroup: related.applicationUserGroup ?? null };
}
