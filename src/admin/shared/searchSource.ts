import type { QueryKey, UseQueryOptions, UseQueryResult } from '@tanstack/react-query';
import type { ApplicationUser, DisplayNameFunction, Paged } from '../../api/types';
import type { Labels } from '../../query/labels';
import { useLocale } from '../../query/useLocale';
import { displayNamesErrorMessage, useDisplayNames } from '../UserRoleManagement/useDisplayNames';
import type { ListState } from './list-state';
import { pickerSearchOf, type PickerSearchSource, type PickerSearchState } from './picker-search';
import { useHolderSearch, type HolderSearch } from './useHolderSearch';
import type { NameMemory } from './useNameMemory';

/** What a screen says about one of its server-searched pickers. */
export interface SearchSourceOptions<T extends { id: string; name: string }, K extends QueryKey> {
  /** One page of matches for a search text. */
  query: (search: string) => UseQueryOptions<Paged<T>, Error, Paged<T>, K>;
  /** Where the rows shown are remembered (their labels name chosen options and result dialog entries). */
  names: NameMemory;
  labels: Labels;
  /** The alert under the picker when a search fails, e.g. 'Failed to load users. Please try again.'. */
  failureMessage: string;
  /** @default true */
  enabled?: boolean;
  /** A single picker's chosen id: offered with the matches when it matches, and its label is no search. */
  chosenId?: string | null;
}

function stateOf<T extends { id: string; name: string }, K extends QueryKey>(
  o: SearchSourceOptions<T, K>,
  search: HolderSearch<T>,
  locale: string | undefined,
): PickerSearchState {
  return {
    search: pickerSearchOf(search, o.labels, locale),
    options: o.names.optionsWith(search.rows, o.chosenId ?? null, search.matching),
    failure: search.error ? { message: o.failureMessage, retry: search.retry } : null,
  };
}

function useSourceSearch<T extends { id: string; name: string }, K extends QueryKey>(o: SearchSourceOptions<T, K>) {
  return useHolderSearch({
    query: o.query,
    enabled: o.enabled,
    chosenLabel: o.chosenId === null || o.chosenId === undefined ? null : o.names.nameOf(o.chosenId),
  });
}

/**
 * A picker's server search of user groups or claim groups, run inside the picker (see {@link PickerSearchSource}):
 * rows are labelled by their names.
 */
export function searchSource<T extends { id: string; name: string }, K extends QueryKey>(
  o: SearchSourceOptions<T, K>,
): PickerSearchSource {
  return {
    useSearch: () => {
      const search = useSourceSearch(o);
      const locale = useLocale();
      o.names.remember(search.rows);
      return stateOf(o, search, locale);
    },
  };
}

/**
 * A picker's server search of users, run inside the picker: rows are labelled by the host's display-name function,
 * asked about the rows shown only (the count check of docs/spec.md, Validation rules applies; while it is pending or failed, names are shown).
 */
export function userSearchSource<K extends QueryKey>(
  o: SearchSourceOptions<ApplicationUser, K> & {
    getDisplayNames?: DisplayNameFunction;
    /** Say a failure of the display-name function under this picker (where no other alert on screen says it). */
    reportNamesFailure?: boolean;
  },
): PickerSearchSource {
  return {
    useSearch: () => {
      const search = useSourceSearch(o);
      const names = useDisplayNames(search.rows, o.getDisplayNames);
      const locale = useLocale();
      o.names.remember(search.rows, (u) => names.nameOf(u.id));
      const state = stateOf(o, search, locale);
      // A wrong answer of the host's function is said under 'Group Members' too (the Users tab has its own alert):
      // the account names shown instead are explained.
      if (!o.reportNamesFailure || state.failure || !names.error) return state;
      return { ...state, failure: { message: displayNamesErrorMessage(names.error, o.labels), retry: () => void names.refetch() } };
    },
  };
}

const NONE: readonly never[] = [];

/** A first page of matches (no search) as a list state: what the screens' loading, error and empty states follow. */
export function pageListState<T>(query: UseQueryResult<Paged<T>>): ListState<T> {
  const list = query.data?.list ?? NONE;
  return {
    status: query.isError ? 'error' : query.isPending ? 'loading' : list.length === 0 ? 'empty' : 'ready',
    list,
    retry: () => void query.refetch(),
    retrying: query.isFetching,
  };
}
