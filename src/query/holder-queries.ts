/**
 * Query keys and options of the permission screens at scale: pickers ask the server for one page of
 * matches per search (the `search` of the three `…Paged` calls, beyond the spec), without collections, and the chosen
 * user, user group or claim group is loaded alone, by id, with its collections. The keys sit under
 * `claimKeys.users()`, `userGroups()` and `claimGroups()`, so everything that refetches "the lists" (docs/spec.md, States and transitions)
 * refetches these too.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type {
  ApplicationUser,
  ApplicationUserGroup,
  ApplicationUserIncludes,
  ClaimGroup,
  ClaimGroupIncludes,
  Paged,
} from '../api/types';
import { claimKeys } from './keys';

/** How many matches a picker shows (and asks for) at once: typing narrows the rest. */
export const PICKER_PAGE_SIZE = 20;

/**
 * How long a page of matches counts as fresh: a picker that mounts again (a tab switch, a dialog) reuses it. Every write
 * through this client refetches them at once (docs/spec.md, States and transitions), and 'Refresh' always does.
 */
const SEARCH_STALE_TIME = 30_000;

/** One page of a picker's search. */
export interface HolderSearchParams {
  /** What the user typed (the server trims it and ignores case; blank: every row). */
  search: string;
  /** @default PICKER_PAGE_SIZE */
  count?: number;
}

/** The search of the sub-group picker: only the groups that may become sub-groups of `subGroupCandidatesOf`. */
export interface ClaimGroupSearchParams extends HolderSearchParams {
  subGroupCandidatesOf?: string | null;
}

const NO_USER_INCLUDES: ApplicationUserIncludes = {
  includeClaims: false,
  IncludeApplicationUserGroups: false,
  includeClaimGroups: false,
};
const NO_CLAIM_GROUP_INCLUDES: ClaimGroupIncludes = {
  includeClaims: false,
  IncludeApplicationUserGroups: false,
  IncludeApplicationUsers: false,
  includeClaimGroups: false,
};
/** The chosen user: their claims, claim groups and user groups (the flags of docs/spec.md, Calls). */
const USER_INCLUDES: ApplicationUserIncludes = { includeClaims: true, IncludeApplicationUserGroups: true, includeClaimGroups: true };
/** The chosen user group: its claims, members and claim groups (the paged call's flags name the members this way). */
const USER_GROUP_INCLUDES: ApplicationUserIncludes = USER_INCLUDES;
/** The chosen claim group: its claims and sub-groups (docs/spec.md, Calls: true, false, false, true). */
const CLAIM_GROUP_INCLUDES: ClaimGroupIncludes = {
  includeClaims: true,
  IncludeApplicationUserGroups: false,
  IncludeApplicationUsers: false,
  includeClaimGroups: true,
};

const EMPTY_PAGE: Paged<never> = { list: [], totalRecCount: 0, totalPageCount: 0 };
const normalised = ({ search, count = PICKER_PAGE_SIZE }: HolderSearchParams) => ({ search: search.trim(), count });

/** Keys of the pickers' searches and of the chosen holders. */
export const holderKeys = {
  userSearch: (params: HolderSearchParams) => [...claimKeys.users(), 'search', normalised(params)] as const,
  user: (id: string) => [...claimKeys.users(), 'one', id.toLowerCase()] as const,
  userGroupSearch: (params: HolderSearchParams) => [...claimKeys.userGroups(), 'search', normalised(params)] as const,
  userGroup: (id: string) => [...claimKeys.userGroups(), 'one', id.toLowerCase()] as const,
  claimGroupSearch: (params: ClaimGroupSearchParams) =>
    [...claimKeys.claimGroups(), 'search', { ...normalised(params), subGroupCandidatesOf: params.subGroupCandidatesOf ?? null }] as const,
  claimGroup: (id: string) => [...claimKeys.claimGroups(), 'one', id.toLowerCase()] as const,
};

/** The row with this id among a search's answer (a search by id may also match names that contain the id). */
function withId<T extends { id: string }>(page: Paged<T> | null, id: string): T | null {
  return page?.list?.find((row) => row.id.toLowerCase() === id.toLowerCase()) ?? null;
}

/** Query options of the pickers' searches and of the chosen holders. */
export const holderQueries = {
  /** One page of users matching a search, without collections. */
  userSearch: (client: ApiClient, params: HolderSearchParams) =>
    queryOptions({
      queryKey: holderKeys.userSearch(params),
      staleTime: SEARCH_STALE_TIME,
      queryFn: async ({ signal }): Promise<Paged<ApplicationUser>> =>
        (await client.claim.applicationUsersPaged({ ...NO_USER_INCLUDES, ...normalised(params), page: 1 }, { signal })) ?? EMPTY_PAGE,
    }),
  /** One user with their claims, claim groups and user groups; null when there is no such user. */
  user: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: holderKeys.user(id),
      queryFn: async ({ signal }): Promise<ApplicationUser | null> =>
        withId(await client.claim.applicationUsersPaged({ ...USER_INCLUDES, page: 1, count: 5, search: id }, { signal }), id),
    }),
  /** One page of user groups matching a search, without collections. */
  userGroupSearch: (client: ApiClient, params: HolderSearchParams) =>
    queryOptions({
      queryKey: holderKeys.userGroupSearch(params),
      staleTime: SEARCH_STALE_TIME,
      queryFn: async ({ signal }): Promise<Paged<ApplicationUserGroup>> =>
        (await client.claim.applicationUserGroupsPaged({ ...NO_USER_INCLUDES, ...normalised(params), page: 1 }, { signal })) ??
        EMPTY_PAGE,
    }),
  /** One user group with its claims, members and claim groups; null when there is no such group. */
  userGroup: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: holderKeys.userGroup(id),
      queryFn: async ({ signal }): Promise<ApplicationUserGroup | null> =>
        withId(await client.claim.applicationUserGroupsPaged({ ...USER_GROUP_INCLUDES, page: 1, count: 5, search: id }, { signal }), id),
    }),
  /** One page of claim groups matching a search (optionally only sub-group candidates), without collections. */
  claimGroupSearch: (client: ApiClient, params: ClaimGroupSearchParams) =>
    queryOptions({
      queryKey: holderKeys.claimGroupSearch(params),
      staleTime: SEARCH_STALE_TIME,
      queryFn: async ({ signal }): Promise<Paged<ClaimGroup>> =>
        (await client.claim.claimGroupsPaged(
          { ...NO_CLAIM_GROUP_INCLUDES, ...normalised(params), page: 1, subGroupCandidatesOf: params.subGroupCandidatesOf ?? null },
          { signal },
        )) ?? EMPTY_PAGE,
    }),
  /** One claim group with its claims and sub-groups; null when there is no such group. */
  claimGroup: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: holderKeys.claimGroup(id),
      queryFn: async ({ signal }): Promise<ClaimGroup | null> =>
        withId(await client.claim.claimGroupsPaged({ ...CLAIM_GROUP_INCLUDES, page: 1, count: 5, search: id }, { signal }), id),
    }),
};
