/**
 * The include flags of the list and page calls of users, user groups and claim groups (docs/spec.md, Calls): which
 * collections an answer carries (a collection not asked for is `null`).
 */
import type { QueryParams } from './params';

/** Include flags of the claim group calls. */
export interface ClaimGroupIncludeFlags {
  claims: boolean;
  userGroups: boolean;
  users: boolean;
  claimGroups: boolean;
}

/** Include flags of the application user calls. */
export interface UserIncludeFlags {
  claims: boolean;
  userGroups: boolean;
  claimGroups: boolean;
}

/** Include flags of the application user group calls (`users`: the members). */
export interface UserGroupIncludeFlags {
  claims: boolean;
  users: boolean;
  claimGroups: boolean;
}

/** `includeClaims`, `IncludeApplicationUserGroups`, `IncludeApplicationUsers`, `includeClaimGroups`. */
export function readClaimGroupIncludes(query: QueryParams): ClaimGroupIncludeFlags {
  return {
    claims: query.bool('includeClaims'),
    userGroups: query.bool('IncludeApplicationUserGroups'),
    users: query.bool('IncludeApplicationUsers'),
    claimGroups: query.bool('includeClaimGroups'),
  };
}

/** `includeClaims`, `IncludeApplicationUserGroups`, `includeClaimGroups`. */
export function readUserIncludes(query: QueryParams): UserIncludeFlags {
  return {
    claims: query.bool('includeClaims'),
    userGroups: query.bool('IncludeApplicationUserGroups'),
    claimGroups: query.bool('includeClaimGroups'),
  };
}

/**
 * The list call names the members flag `includeApplicationUsers`; the paged call takes the user flags
 * of docs/spec.md, Calls, where `IncludeApplicationUserGroups` asks for the members.
 */
export function readUserGroupIncludes(query: QueryParams): UserGroupIncludeFlags {
  const users =
    query.get('includeApplicationUsers') !== undefined
      ? query.bool('includeApplicationUsers')
      : query.bool('IncludeApplicationUserGroups');
  return { claims: query.bool('includeClaims'), users, claimGroups: query.bool('includeClaimGroups') };
}

/** Every collection of a claim group. */
export const EVERY_CLAIM_GROUP_INCLUDE: ClaimGroupIncludeFlags = { claims: true, userGroups: true, users: true, claimGroups: true };
/** No collection of a claim group. */
export const NO_CLAIM_GROUP_INCLUDE: ClaimGroupIncludeFlags = { claims: false, userGroups: false, users: false, claimGroups: false };
