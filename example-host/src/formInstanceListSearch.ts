/**
 * Search parameters of `/admin/form-instances/`: the Form Instances list's whole view (filters, search words, answer
 * filters, 'Show deleted', page, page size, order) and its answer columns, so a reload or a shared link shows the same
 * list. Only what differs from the list's start is written; anything malformed is dropped, never an error page.
 */
import type { ComponentProps } from 'react';
import { EnvelopeStatus, FormInstanceStatus, LIST_PAGE_SIZES, type FormInstanceList } from './formsAdmin';

type ListProps = ComponentProps<typeof FormInstanceList>;
/** The list's controlled state (`FormInstanceList`'s `state`). */
export type InstanceListState = NonNullable<ListProps['state']>;
type SortColumn = InstanceListState['sort']['column'];

/** Search parameters of the Form Instances route (the router JSON-encodes lists and objects). */
export interface FormInstanceListSearch {
  form?: string;
  group?: string;
  status?: number[];
  createdFrom?: string;
  createdTo?: string;
  updatedFrom?: string;
  updatedTo?: string;
  /** Signatures: statuses of the latest envelope (EnvelopeStatus values), `null` for none requested. */
  signature?: (number | null)[];
  /** Words the answers contain. */
  q?: string;
  /** Answer filters by data path. */
  answers?: Record<string, string>;
  deleted?: boolean;
  page?: number;
  size?: number;
  sort?: string;
  dir?: 'asc' | 'desc';
  /** The answer columns shown (data paths). */
  cols?: string[];
  /** The 'Summary' tab shown instead of the instances. */
  view?: 'summary';
}

const STATUSES: readonly number[] = Object.values(FormInstanceStatus);
const ENVELOPE_STATUSES: readonly number[] = Object.values(EnvelopeStatus);
const SORTS = ['createdDateTime', 'lastUpdatedDateTime', 'status'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The router JSON-parses search values, so a text of digits arrives as a number: read it back as text. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.length > 0 ? value : undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

const day = (value: unknown) => {
  const given = text(value);
  return given !== undefined && DAY.test(given) ? given : undefined;
};

/** `validateSearch` of the Form Instances route. */
export function validateFormInstanceListSearch(search: Record<string, unknown>): FormInstanceListSearch {
  const out: FormInstanceListSearch = {};
  const form = text(search.form);
  if (form) out.form = form;
  const group = text(search.group);
  if (group) out.group = group;
  if (Array.isArray(search.status)) {
    const status = [...new Set(search.status.filter((s): s is number => typeof s === 'number' && STATUSES.includes(s)))];
    if (status.length) out.status = status;
  }
  if (Array.isArray(search.signature)) {
    const signature = [...new Set(search.signature.filter((s): s is number | null => s === null || (typeof s === 'number' && ENVELOPE_STATUSES.includes(s))))];
    if (signature.length) out.signature = signature;
  }
  for (const key of ['createdFrom', 'createdTo', 'updatedFrom', 'updatedTo'] as const) {
    const given = day(search[key]);
    if (given) out[key] = given;
  }
  const q = text(search.q);
  if (q) out.q = q;
  if (typeof search.answers === 'object' && search.answers !== null && !Array.isArray(search.answers)) {
    const answers = Object.fromEntries(
      Object.entries(search.answers as Record<string, unknown>)
        .filter(([path]) => path.startsWith('/'))
        .map(([path, value]) => [path, text(value) ?? ''] as const)
        .filter(([, value]) => value !== ''),
    );
    if (Object.keys(answers).length) out.answers = answers;
  }
  if (search.deleted === true) out.deleted = true;
  if (typeof search.page === 'number' && Number.isInteger(search.page) && search.page > 1) out.page = search.page;
  if (typeof search.size === 'number' && (LIST_PAGE_SIZES as readonly number[]).includes(search.size) && search.size !== LIST_PAGE_SIZES[0]) out.size = search.size;
  const sort = text(search.sort);
  if (sort && (SORTS.includes(sort) || /^data(\/[A-Za-z_]\w*)+$/.test(sort))) out.sort = sort;
  if (search.dir === 'asc' || search.dir === 'desc') out.dir = search.dir;
  if (search.view === 'summary') out.view = 'summary';
  if (Array.isArray(search.cols)) {
    const cols = search.cols.filter((c): c is string => typeof c === 'string' && c.startsWith('/'));
    if (cols.length) out.cols = cols;
  }
  return out;
}

/** The list's state of the search parameters (the list's start where they say nothing). */
export function instanceListState(search: FormInstanceListSearch): InstanceListState {
  return {
    filters: {
      formId: search.form ?? null,
      formGroupId: search.group ?? null,
      statuses: (search.status ?? []) as InstanceListState['filters']['statuses'],
      createdFrom: search.createdFrom ?? '',
      createdTo: search.createdTo ?? '',
      updatedFrom: search.updatedFrom ?? '',
      updatedTo: search.updatedTo ?? '',
      signatures: (search.signature ?? []) as NonNullable<InstanceListState['filters']['signatures']>,
      text: search.q ?? '',
      answers: search.answers ?? {},
    },
    showDeleted: search.deleted === true,
    page: search.page ?? 1,
    pageSize: search.size ?? LIST_PAGE_SIZES[0],
    sort: { column: (search.sort ?? 'lastUpdatedDateTime') as SortColumn, direction: search.dir ?? (search.sort ? 'asc' : 'desc') },
    ...(search.view === 'summary' ? { view: 'summary' as const } : {}),
  };
}

/** The search parameters of a list state and its answer columns (what differs from the list's start). */
export function instanceListSearch(state: InstanceListState, cols: readonly string[] | undefined): FormInstanceListSearch {
  const { filters } = state;
  return validateFormInstanceListSearch({
    form: filters.formId ?? undefined,
    group: filters.formGroupId ?? undefined,
    status: [...filters.statuses],
    createdFrom: filters.createdFrom,
    createdTo: filters.createdTo,
    updatedFrom: filters.updatedFrom,
    updatedTo: filters.updatedTo,
    signature: [...(filters.signatures ?? [])],
    q: filters.text,
    answers: filters.answers,
    deleted: state.showDeleted,
    page: state.page,
    size: state.pageSize,
    ...(state.sort.column === 'lastUpdatedDateTime' && state.sort.direction === 'desc' ? {} : { sort: state.sort.column, dir: state.sort.direction }),
    cols: cols ? [...cols] : undefined,
    view: state.view,
  });
}
