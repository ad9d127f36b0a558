/**
 * Search parameters of `/admin/signing/`: the instance the Signing screen is narrowed to, and the list's filters and
 * page, so that a reload, a shared link or the browser's Back shows the same list. Only what differs from the list's
 * start is written; anything malformed is dropped, never an error page.
 */
import type { ComponentProps } from 'react';
import { EnvelopeStatus, LIST_PAGE_SIZES, type SigningList } from './formsAdmin';

/** The list's controlled state (`SigningList`'s `state`). */
export type SigningListState = NonNullable<ComponentProps<typeof SigningList>['state']>;

/** Search parameters of the Signing route (the router JSON-encodes lists). */
export interface SigningSearch {
  /** Only this form instance's envelopes (the Form Instances list's 'Show its envelopes' links here with it). */
  formInstanceId?: string;
  /** Only the envelopes with e-mail that could not be sent (the admin home's 'Needs attention' links here with it). */
  mailFailed?: true;
  /** Only envelopes in these statuses (EnvelopeStatus values). */
  status?: number[];
  page?: number;
  size?: number;
}

const STATUSES: readonly number[] = Object.values(EnvelopeStatus);

/** `validateSearch` of the Signing route: the router JSON-parses search values, so only a non-empty text is an id. */
export function validateSigningSearch(search: Record<string, unknown>): SigningSearch {
  const id = search.formInstanceId;
  const out: SigningSearch = {
    ...(typeof id === 'string' && id.length > 0 ? { formInstanceId: id } : {}),
    ...(search.mailFailed === true || search.mailFailed === 'true' ? { mailFailed: true as const } : {}),
  };
  if (Array.isArray(search.status)) {
    const status = [...new Set(search.status.filter((s): s is number => typeof s === 'number' && STATUSES.includes(s)))];
    if (status.length) out.status = status;
  }
  if (Number.isInteger(search.page) && (search.page as number) > 1) out.page = search.page as number;
  if ((LIST_PAGE_SIZES as readonly unknown[]).includes(search.size) && search.size !== LIST_PAGE_SIZES[0]) out.size = search.size as number;
  return out;
}

/** The list's state of the search parameters (the list's start where they say nothing). */
export function signingListState(search: SigningSearch): SigningListState {
  return {
    statuses: (search.status ?? []) as SigningListState['statuses'],
    mailFailed: search.mailFailed === true,
    page: search.page ?? 1,
    pageSize: search.size ?? LIST_PAGE_SIZES[0],
  };
}

/** The search parameters of the instance filter and a list state (what differs from the list's start). */
export function signingSearch(formInstanceId: string | undefined, state: SigningListState): SigningSearch {
  return validateSigningSearch({ formInstanceId, mailFailed: state.mailFailed, status: [...state.statuses], page: state.page, size: state.pageSize });
}

/** The host's address of the Signing screen, narrowed to one form instance, or to the envelopes whose e-mail failed. */
export function signingHref(formInstanceId?: string, narrow: { mailFailed?: boolean } = {}): string {
  const search = new URLSearchParams({ ...(formInstanceId ? { formInstanceId } : {}), ...(narrow.mailFailed ? { mailFailed: 'true' } : {}) }).toString();
  return search ? `/admin/signing/?${search}` : '/admin/signing/';
}
