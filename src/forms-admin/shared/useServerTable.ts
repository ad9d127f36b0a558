import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import * as odata from '../../api/odata';
import type { Filter, ODataQueryOptions, PropertyName } from '../../api/odata';
import { typedSearchTerms } from '../../domain/search-words';
import { fillNumbers } from '../../labels/format';
import { fillLabel, type Labels } from '../../query/labels';

/**
 * A table's order: the column and the direction, in the shape the lists' tables (mantine-datatable's `sortStatus`)
 * take. Written here rather than imported, so the published types name no type of mantine-datatable, whose own types
 * import a package it does not install (an error for a host that type-checks libraries, `skipLibCheck: false`).
 */
export interface TableSortStatus<T = Record<string, unknown>> {
  /** The sort key of a nested value. */
  sortKey?: string;
  /** The column's accessor (dot-notation for nested values). */
  columnAccessor: keyof T | (string & NonNullable<unknown>);
  /** `asc` for ascending, `desc` for descending. */
  direction: 'asc' | 'desc';
}

/**
 * The page sizes ('Rows per page') of the library's paged lists (Form Instances, Signing, the forms, groups and
 * schemas lists); the first is a list's start. A host that keeps a list's page size in its address accepts only these.
 */
export const LIST_PAGE_SIZES = [20, 50, 100] as const;

/** How long typing rests before the search asks the server (ms). */
export const SEARCH_DEBOUNCE_MS = 250;

/** Options of {@link useServerTable}. */
export interface ServerTableOptions<T> {
  /** The order before the user picks a column. */
  initialSort: { column: PropertyName<T>; direction: 'asc' | 'desc' };
  /** The text property the search box matches (each typed word or quoted phrase somewhere in it, regardless of case). @default 'name' */
  searchField?: PropertyName<T>;
  /** A condition every row of this list meets (e.g. the forms of one group). */
  baseFilter?: Filter<T>;
  /** The first page size. @default 20 */
  pageSize?: number;
}

/** What {@link useServerTable} returns: the list's state and the OData options of the page it shows. */
export interface ServerTable<T> {
  page: number;
  setPage(page: number): void;
  pageSize: number;
  setPageSize(size: number): void;
  sortStatus: TableSortStatus<T>;
  setSortStatus(status: TableSortStatus<T>): void;
  search: string;
  setSearch(text: string): void;
  showDeleted: boolean;
  setShowDeleted(show: boolean): void;
  /** `$filter`, `$orderby`, `$top`, `$skip` and `$count` of the page to show (the search debounced). */
  query: ODataQueryOptions<T>;
}

/**
 * The state of a list paged, sorted and searched on the server through an OData read: the live rows (or, with
 * 'Show deleted', every row, the soft-deleted ones included), whose searched property contains every typed word (or quoted phrase) regardless of case. A
 * new search, order, page size or view starts again at the first page.
 */
export function useServerTable<T>({ initialSort, searchField, baseFilter, pageSize: firstSize = LIST_PAGE_SIZES[0] }: ServerTableOptions<T>): ServerTable<T> {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState(firstSize);
  const [sortStatus, setSortState] = useState<TableSortStatus<T>>({
    columnAccessor: initialSort.column as TableSortStatus<T>['columnAccessor'],
    direction: initialSort.direction,
  });
  const [search, setSearchState] = useState('');
  const [showDeleted, setShowDeletedState] = useState(false);
  const [debounced] = useDebouncedValue(search.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);

  const field = (searchField ?? 'name') as PropertyName<T>;
  const filters: Filter<T>[] = [odata.deletedView<T>(showDeleted)];
  if (baseFilter) filters.push(baseFilter);
  // Every typed word (or quoted phrase) somewhere in the name: the domain's rule of a typed search.
  for (const term of typedSearchTerms(debounced)) filters.push(odata.contains<T>(odata.tolower<T>(field), term.toLowerCase()));

  return {
    page,
    setPage,
    pageSize,
    setPageSize: (size) => {
      setPageSizeState(size);
      setPage(1);
    },
    sortStatus,
    setSortStatus: (status) => {
      setSortState(status);
      setPage(1);
    },
    search,
    setSearch: (text) => {
      setSearchState(text);
      setPage(1);
    },
    showDeleted,
    setShowDeleted: (show) => {
      setShowDeletedState(show);
      setPage(1);
    },
    query: {
      filter: odata.and<T>(...filters),
      orderBy: [[String(sortStatus.columnAccessor) as PropertyName<T>, sortStatus.direction]],
      top: pageSize,
      skip: (page - 1) * pageSize,
      count: true,
    },
  };
}

/** The texts and page controls of a paged `DataTable`, in the user's words, its counts written in `locale`. */
export function tablePagingTexts(labels: Labels, locale: string | undefined) {
  return {
    noRecordsText: labels.noRecordsFound,
    loadingText: labels.loading,
    recordsPerPageLabel: labels.recordsPerPage,
    recordsPerPageOptions: [...LIST_PAGE_SIZES],
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      fillNumbers(labels.paginationText, { from, to, total: totalRecords }, locale),
    getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({
      'aria-label': { first: labels.pageFirst, last: labels.pageLast, previous: labels.pagePrevious, next: labels.pageNext }[control],
    }),
    // The page buttons show their number as plain digits (Mantine's Pagination does not format it), and an accessible
    // name must contain the visible text: '5001' in 'Page 5001', never 'Page 5,001'.
    getPaginationItemProps: (page: number) => ({ 'aria-label': fillLabel(labels.pageNumber, { page }) }),
  };
}
