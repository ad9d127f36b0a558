/**
 * Paging of the `…Paged` calls (docs/spec.md, Calls): `page` counts from 1, `count` is the page size. A call without a page
 * (the spec lets it be null) gets the first page: at 10,000 users "everything" is megabytes, never what a screen wants.
 */
import type { Paged } from '../contract/types';
import { PAGE_SIZE } from './limits';
import type { QueryParams } from './params';

/** `page` (1-based; null only from code that builds a Paging itself: everything as one page) and `count` (page size). */
export interface Paging {
  page: number | null;
  count: number;
}

/**
 * Reads `page` and `count` (integers, else 400): a page below 1 is page 1, a count below 1 is the
 * default of {@link PAGE_SIZE}, a count above its maximum is capped.
 */
export function readPaging(query: QueryParams): Paging {
  const bounds = { min: -1_000_000_000, max: 1_000_000_000 };
  const page = query.int('page', bounds) ?? null;
  const count = query.int('count', bounds) ?? PAGE_SIZE.default;
  return {
    page: page === null ? 1 : Math.max(page, 1),
    count: count < 1 ? PAGE_SIZE.default : Math.min(count, PAGE_SIZE.max),
  };
}

/** Where a page starts and how long it is, in a list of `total` items (null: the whole list). */
export function pageWindow(paging: Paging): { offset: number; limit: number } | null {
  return paging.page === null ? null : { offset: (paging.page - 1) * paging.count, limit: paging.count };
}

/** A `Paged` answer holding `list` (already the page's items) out of `total`. */
export function toPaged<T>(list: T[], total: number, paging: Paging): Paged<T> {
  if (paging.page === null) return { list, totalRecCount: total, totalPageCount: total > 0 ? 1 : 0 };
  return { list, totalRecCount: total, totalPageCount: Math.ceil(total / paging.count) };
}

/** One page of an in-memory list. */
export function pageOf<T>(items: readonly T[], paging: Paging): Paged<T> {
  const window = pageWindow(paging);
  const list = window ? items.slice(window.offset, window.offset + window.limit) : [...items];
  return toPaged(list, items.length, paging);
}
