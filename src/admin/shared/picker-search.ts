import type { ComboboxItem, ComboboxParsedItem } from '@mantine/core';
import type { ReactNode } from 'react';
import { fillLabel, type Labels } from '../../query/labels';
import type { HolderSearch } from './useHolderSearch';
import type { PickerOption } from './useNameMemory';
import { formatNumber } from '../../labels/format';

/** What a picker needs to search on the server instead of filtering its options itself. */
export interface PickerSearch {
  /** The text typed. */
  value: string;
  onChange: (text: string) => void;
  /** The disabled last entry saying that more match than are shown, or that the text is too long to search; or null. */
  more: string | null;
  /** Whether the options shown are not yet those of the typed text. */
  busy: boolean;
}

/** What a server-searched picker shows at a render: its search, its options, and why the search failed. */
export interface PickerSearchState {
  search: PickerSearch;
  /** The page of matches as options (the chosen option added when it matches). */
  options: readonly PickerOption[];
  /** The current search failed: the message of the alert under the picker, and a retry. */
  failure: { message: string; retry: () => void } | null;
}

/**
 * A server search that runs inside the picker component: what is typed re-renders the picker, not the
 * whole screen around it. `useSearch` is a hook; the picker calls it on every render.
 */
export interface PickerSearchSource {
  useSearch: () => PickerSearchState;
}

/** The value of the "more matches" entry; never a real id. */
export const MORE_MATCHES_VALUE = '\u0000more-matches';

/** A {@link PickerSearch} of a {@link HolderSearch}. */
export function pickerSearchOf<T extends { id: string; name: string }>(search: HolderSearch<T>, labels: Labels, locale?: string): PickerSearch {
  const { total, rows, tooLongOver } = search;
  return {
    value: search.search,
    onChange: search.setSearch,
    more:
      tooLongOver !== null
        ? fillLabel(labels.pickerSearchTooLong, { max: formatNumber(tooLongOver, locale) })
        : total !== null && total > rows.length
          ? fillLabel(labels.pickerMoreMatches, { shown: formatNumber(rows.length, locale), total: formatNumber(total, locale) })
          : null,
    busy: search.busy,
  };
}

// The server already filtered: show what it answered (the labels may be host display names, not the names it matched).
const keepAll = ({ options }: { options: ComboboxParsedItem[] }) => options;

/**
 * The Mantine Select / MultiSelect props of a server search (none without one: the picker filters itself). While the
 * answer for the typed text is on its way, the picker's 'nothing found' message is held back: no answer is not 'none'.
 */
export function serverSearchProps(search: PickerSearch | undefined, nothingFoundMessage?: ReactNode) {
  if (!search) return {};
  return {
    searchValue: search.value,
    onSearchChange: search.onChange,
    filter: keepAll,
    'aria-busy': search.busy || undefined,
    nothingFoundMessage: search.busy ? undefined : nothingFoundMessage,
  };
}

/** The options, with the disabled "more matches" entry last when the search says so. */
export function withMoreEntry(data: readonly ComboboxItem[], search: PickerSearch | undefined): ComboboxItem[] {
  return search?.more ? [...data, { value: MORE_MATCHES_VALUE, label: search.more, disabled: true }] : [...data];
}
