/**
 * What `GET /api/Signing/ListEnvelopes` accepts, read once for the test fake and the reference server: the status
 * filter, one form instance, only the envelopes with e-mail that failed (`mailFailed=true`), the page (`top`, `skip`)
 * and `$count`. With `$count=true` the answer is an OData-style collection, `{ "@odata.count": total, value: [...] }`,
 * so a screen can say "1–20 of 57" as the OData lists do; without it the answer stays the plain array older clients
 * read.
 */
import { EnvelopeStatus } from '../../contract/enums';
import { DomainError } from '../errors';
import { readIdField } from './request';

/** A checked envelope list query. */
export interface EnvelopeListQuery {
  /** Only envelopes of this form instance (lower case), or every instance. */
  formInstanceId?: string;
  /** Only envelopes in these statuses, or every status. */
  statuses?: EnvelopeStatus[];
  /** Only envelopes with e-mail that failed after its last retry (what `mailFailures` lists), or every envelope. */
  mailFailed?: boolean;
  /** Page size: 100 by default, at most {@link ENVELOPE_LIST_LIMITS}.maxTop. */
  top: number;
  skip: number;
  /** Whether the answer carries the count of every matching envelope. */
  count: boolean;
}

/** The bounds of an envelope list page. */
export const ENVELOPE_LIST_LIMITS = Object.freeze({ defaultTop: 100, maxTop: 1000, maxSkip: 1_000_000 });

const KNOWN_STATUSES = new Set<number>(Object.values(EnvelopeStatus));

function wholeNumber(get: (name: string) => string | undefined, name: string, fallback: number, max: number): number {
  const raw = get(name);
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > max) throw new DomainError(400, `'${name}' must be a whole number from 0 to ${max}.`);
  return n;
}

function trueOrFalse(get: (name: string) => string | undefined, name: string): boolean | undefined {
  const raw = get(name);
  if (raw === undefined) return undefined;
  if (raw !== 'true' && raw !== 'false') throw new DomainError(400, `'${name}' must be true or false.`);
  return raw === 'true';
}

/**
 * Reads the query of an envelope list (`get` answers a query parameter or undefined). 400 for a status that is no
 * envelope status number, an instance id that is no GUID, a page bound out of range, or `$count` or `mailFailed`
 * other than true or false.
 */
export function readEnvelopeListQuery(get: (name: string) => string | undefined): EnvelopeListQuery {
  const query: EnvelopeListQuery = {
    top: wholeNumber(get, 'top', ENVELOPE_LIST_LIMITS.defaultTop, ENVELOPE_LIST_LIMITS.maxTop),
    skip: wholeNumber(get, 'skip', 0, ENVELOPE_LIST_LIMITS.maxSkip),
    count: false,
  };
  const instance = get('formInstanceId');
  if (instance !== undefined) query.formInstanceId = readIdField({ formInstanceId: instance }, 'formInstanceId');
  const status = get('status');
  if (status !== undefined && status.trim() !== '') {
    query.statuses = status.split(',').map((part) => {
      const n = Number(part.trim());
      if (!Number.isInteger(n) || !KNOWN_STATUSES.has(n)) throw new DomainError(400, `'status' must list envelope status numbers (0 to 7); '${part}' is not one.`);
      return n as EnvelopeStatus;
    });
  }
  const count = trueOrFalse(get, '$count');
  if (count !== undefined) query.count = count;
  const mailFailed = trueOrFalse(get, 'mailFailed');
  if (mailFailed) query.mailFailed = true;
  return query;
}

/** The answer of an envelope list: the page, with the count of every match when the query asked `$count=true`. */
export function envelopeListAnswer<T>(query: Pick<EnvelopeListQuery, 'count'>, page: readonly T[], total: () => number): readonly T[] | { '@odata.count': number; value: readonly T[] } {
  return query.count ? { '@odata.count': total(), value: page } : page;
}
