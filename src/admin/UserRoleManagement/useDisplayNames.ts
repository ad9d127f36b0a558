import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ApplicationUser, DisplayNameFunction } from '../../api/types';
import { claimKeys } from '../../query/keys';
import { fillLabel, type Labels } from '../../query/labels';

/** Thrown when the host's display-name function does not return one name per user requested (docs/spec.md, Validation rules). */
export class DisplayNameCountError extends Error {
  constructor(
    /** How many users were requested. */
    readonly expected: number,
    /** How many names came back. */
    readonly received: number,
  ) {
    super(`The display-name function returned ${received} names for ${expected} users.`);
    this.name = 'DisplayNameCountError';
  }
}

/** What a failure of the host's display-name function says: the count check of docs/spec.md, Validation rules in the labels' words. */
export function displayNamesErrorMessage(error: Error, labels: Labels): string {
  return error instanceof DisplayNameCountError
    ? fillLabel(labels.displayNameCountMismatch, { expected: error.expected, received: error.received })
    : error.message;
}

/** The name shown when the host gives none: the user's name, else the user name, else the email, else the id. */
export function fallbackDisplayName(user: ApplicationUser): string {
  for (const value of [user.name, user.userName, user.email]) {
    const text = value?.trim();
    if (text) return text;
  }
  return user.id;
}

const NO_USERS: readonly ApplicationUser[] = [];

/**
 * Keyed by what a name is made from, outside `claimKeys.users()`: permission saves refetch the user list, but the
 * host's function runs again only when a user is added or renamed (e.g. by Full Sync).
 */
const displayNameKey = (users: readonly ApplicationUser[]) =>
  [...claimKeys.all, 'display-names', users.map((u) => [u.id, u.name, u.userName, u.email])] as const;

/**
 * The display name of every user, from the host-supplied function when one is given (called once per list of users,
 * its answer checked for one name per user), else {@link fallbackDisplayName}. While the host's answer is pending or
 * after it failed, the fallback names are used. The screens pass the users they show (a page of a search, the chosen
 * user, a group's members), never every user.
 */
export function useDisplayNames(users: readonly ApplicationUser[] | undefined, getDisplayNames?: DisplayNameFunction) {
  const list = users ?? NO_USERS;
  const query = useQuery({
    queryKey: displayNameKey(list),
    queryFn: async (): Promise<[string, string][]> => {
      const names: unknown = await getDisplayNames?.([...list]);
      const received = Array.isArray(names) ? names.length : 0;
      if (!Array.isArray(names) || received !== list.length) throw new DisplayNameCountError(list.length, received);
      return list.map((user, i) => [user.id, String(names[i] ?? '')]);
    },
    // Nobody to name, nothing to ask (the screens ask about the users they show).
    enabled: list.length > 0 && getDisplayNames !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
    retry: false,
    // Several pickers may ask about the same users: a wrong answer is shown once and retried on request only.
    retryOnMount: false,
  });

  const byId = useMemo(() => {
    const given = new Map(query.data ?? []);
    return new Map(list.map((user) => [user.id, given.get(user.id)?.trim() || fallbackDisplayName(user)]));
  }, [list, query.data]);

  const nameOf = useCallback((id: string) => byId.get(id) ?? id, [byId]);

  return {
    /** The display name of a user id; the id itself for an unknown user. */
    nameOf,
    /** Whether the host's names are still awaited for the first time. */
    isPending: getDisplayNames !== undefined && list.length > 0 && query.isPending,
    error: query.error,
    refetch: query.refetch,
    isFetching: query.isFetching,
  };
}
