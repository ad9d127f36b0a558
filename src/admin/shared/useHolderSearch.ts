import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { Paged } from '../../api/types';
import { matchesNameSearch, MAX_NAME_SEARCH_LENGTH, nameSearchOf, type NameSearch } from '../../domain/name-search';

/** What {@link useHolderSearch} needs: the query options of one page of matches for a search text. */
export interface HolderSearchOptions<T extends { id: string; name: string }, K extends QueryKey = QueryKey> {
  /** One page of matches for `search` (the server's search: id, or name regardless of case). */
  query: (search: string) => UseQueryOptions<Paged<T>, Error, Paged<T>, K>;
  /**
   * Whether to load at all (e.g. while no group is chosen).
   * @default true
   */
  enabled?: boolean;
  /**
   * The label the picker's input shows for its chosen option: a search equal to it is no search (opening a picker
   * with a value shows the first page, not just that value).
   */
  chosenLabel?: string | null;
}

/** What a picker shows of a search: at most one page of matches, and whether there are more. */
export interface HolderSearch<T> {
  /** The text typed. */
  search: string;
  setSearch: (text: string) => void;
  /** The search the rows answer, as the domain reads it (null: none; the chosen option's label counts as none). */
  matching: NameSearch | null;
  /** The rows to offer: the matches of the current search, or (while they load) the best rows already known. */
  rows: readonly T[];
  /** How many rows match the search, when known; more than `rows.length` means "type to narrow". */
  total: number | null;
  /** Whether the matches shown are not yet those of the typed text. */
  busy: boolean;
  /** Why the current search failed, else null. */
  error: Error | null;
  retry: () => void;
  /**
   * The longest search the backends run ({@link MAX_NAME_SEARCH_LENGTH}) when the text typed is longer, else null: such a
   * text is not sent (the backends would refuse it) and nothing is offered for it.
   */
  tooLongOver: number | null;
}

interface Settled<T> {
  search: NameSearch | null;
  page: Paged<T>;
}

const NONE: readonly never[] = [];

/** Whether every match of `next` is among the matches of `before` (a name containing `next` contains `before`). */
function narrows(before: NameSearch | null, next: NameSearch | null): boolean {
  if (before === null) return true;
  return next !== null && next.text.includes(before.text);
}

function safeSearch(text: string): NameSearch | null {
  try {
    return nameSearchOf(text);
  } catch {
    return null;
  }
}

/**
 * A picker's search on the server: each keystroke asks for one page of matches (the previous answer
 * stays shown meanwhile, and a superseded request is cancelled). When the new text only narrows the last answer, its
 * rows are narrowed at once by the same rule the server applies (`matchesNameSearch`): when that answer held every
 * match, typing on never waits for the network; otherwise the options already match what is typed while the server's
 * page (which may hold more) is on its way.
 */
export function useHolderSearch<T extends { id: string; name: string }, K extends QueryKey = QueryKey>({
  query,
  enabled = true,
  chosenLabel = null,
}: HolderSearchOptions<T, K>): HolderSearch<T> {
  const [search, setSearch] = useState('');
  const effective = chosenLabel !== null && search === chosenLabel ? '' : search;
  const blank = effective.trim() === '';
  const wanted = useMemo(() => safeSearch(effective), [effective]);
  // Not blank, yet no search by the domain's rule: longer than the backends run.
  const tooLong = !blank && wanted === null;
  const first = useQuery({ ...query(''), enabled });
  const current = useQuery({ ...query(effective), enabled: enabled && !blank && !tooLong, placeholderData: keepPreviousData });
  const settledRef = useRef<Settled<T> | null>(null);

  const answer = blank ? first : current;
  const fresh = answer.data !== undefined && !answer.isPlaceholderData ? answer.data : undefined;
  // Remember the last answer that belongs to its own search (idempotent for a given render's inputs).
  if (fresh) settledRef.current = { search: blank ? null : wanted, page: fresh };
  const settled = settledRef.current;

  const { rows, total } = useMemo(() => {
    if (fresh) return { rows: fresh.list ?? NONE, total: fresh.totalRecCount };
    if (settled) {
      const list = settled.page.list ?? NONE;
      const complete = settled.page.totalRecCount <= list.length;
      if (narrows(settled.search, wanted)) {
        const narrowed = list.filter((row) => matchesNameSearch(row, wanted));
        // All matches were known: this is the answer. Otherwise the known rows that still match are shown at once
        // (nothing offered contradicts what is typed) until the server's page arrives; none left, the last page stays.
        if (complete) return { rows: narrowed, total: narrowed.length };
        if (narrowed.length > 0) return { rows: narrowed, total: null };
      }
      return { rows: list, total: settled.page.totalRecCount };
    }
    return { rows: NONE as readonly T[], total: null };
  }, [fresh, settled, wanted]);

  if (tooLong) {
    return { search, setSearch, matching: null, rows: NONE, total: 0, busy: false, error: null, retry: () => undefined, tooLongOver: MAX_NAME_SEARCH_LENGTH };
  }
  return {
    tooLongOver: null,
    search,
    setSearch,
    matching: wanted,
    rows,
    total,
    busy: blank ? first.isLoading : current.isPlaceholderData || current.isPending,
    error: blank ? null : current.error,
    retry: () => void (blank ? first.refetch() : current.refetch()),
  };
}
