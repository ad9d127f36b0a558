/**
 * Users and user groups as holders of claim groups and claims, so one panel edits either. No React.
 */
import type { ApplicationUser, ApplicationUserGroup, ClaimGrant, ClaimGroup, ClaimGroupLink } from '../../api/types';

/** What the 'Role & Permission Management' panel edits: a user or a user group with its grants. */
export interface PermissionHolder {
  kind: 'user' | 'userGroup';
  id: string;
  /** Shown name: the user's display name or the group's name. */
  name: string;
  /** The holder's own claims (`claimEnumsInApplicationUsers` / `…UserGroups`). */
  claims: readonly ClaimGrant[];
  /** The claim groups granted to the holder (`claimGroupsInApplicationUsers` / `…UserGroups`). */
  claimGroupLinks: readonly ClaimGroupLink[];
}

// Shared empties keep a holder's arrays stable between renders when the server sent none.
const NO_CLAIMS: readonly ClaimGrant[] = [];
const NO_LINKS: readonly ClaimGroupLink[] = [];

/** A user as a {@link PermissionHolder}. */
export function userHolder(user: ApplicationUser, name: string): PermissionHolder {
  return {
    kind: 'user',
    id: user.id,
    name,
    claims: user.claimEnumsInApplicationUsers ?? NO_CLAIMS,
    claimGroupLinks: user.claimGroupsInApplicationUsers ?? NO_LINKS,
  };
}

/** A user group as a {@link PermissionHolder}. */
export function userGroupHolder(group: ApplicationUserGroup): PermissionHolder {
  return {
    kind: 'userGroup',
    id: group.id,
    name: group.name,
    claims: group.claimEnumsInApplicationUserGroups ?? NO_CLAIMS,
    claimGroupLinks: group.claimGroupsInApplicationUserGroups ?? NO_LINKS,
  };
}

/** The live claim group ids of a holder's claim group links (`recordId` of each link). */
export function claimGroupIdsOf(links: readonly ClaimGroupLink[]): string[] {
  return links.filter((l) => !l.isDeleted).map((l) => l.recordId);
}

/**
 * The claim groups a holder with these links may be given: every claim group, plus any it already holds that the list lacks (still
 * loading, or failed), so the picker can show and remove them.
 */
export function claimGroupOptionsFor(
  links: readonly ClaimGroupLink[],
  claimGroups: readonly ClaimGroup[] | undefined,
): { value: string; label: string }[] {
  const options = (claimGroups ?? []).map((g) => ({ value: g.id, label: g.name }));
  const known = new Set(options.map((o) => o.value));
  for (const link of links) {
    if (link.isDeleted || known.has(link.recordId)) continue;
    known.add(link.recordId);
    options.push({ value: link.recordId, label: link.claimGroup?.name ?? link.recordId });
  }
  return options;
}

/** The live member ids of a user group. */
export function memberIdsOf(group: ApplicationUserGroup): string[] {
  return (group.applicationUserApplicationUserGroups ?? []).filter((m) => !m.isDeleted).map((m) => m.applicationUserId);
}
