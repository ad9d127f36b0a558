/**
 * Searching users, user groups and claim groups by id or name — the `search` parameter of the three `…Paged` calls
 * (beyond the spec). One rule, shared by the client (which narrows what it already shows), the fake
 * (which evaluates it in memory) and the reference server (which compiles it to SQL served by an index):
 *
 * - a blank search (absent, empty or only spaces) matches every row;
 * - otherwise the search is trimmed and lower-cased, and a row matches when its id equals it (only a UUID can) or its
 *   lower-cased name contains every word of it, each anywhere (a `"quoted phrase"` as written: the words and phrases
 *   of `typedSearchTerms`, src/domain/search-words.ts, as in every list's search box);
 * - matches are ordered by name: lower-cased, then as written, then by id (code-unit order, as PostgreSQL's "C"
 *   collation orders them).
 *
 * `subGroupCandidatesOf` (claim groups only) keeps the groups that may become sub-groups of that group: the rule of
 * docs/spec.md, Validation rules (`wouldCreateCycle`), so a picker can page through candidates without loading the whole graph.
 */
import { DomainError } from './errors';
import { isUuid } from './ids';
import { typedSearchTerms } from './search-words';
import type { QueryParams } from './params';

/** The longest search accepted (characters, after trimming); longer ones answer 400. */
export const MAX_NAME_SEARCH_LENGTH = 200;

/** A non-blank search as both backends apply it. */
export interface NameSearch {
  /** The search, trimmed and lower-cased: what a lower-cased name must contain. */
  text: string;
  /** The same text when it is a UUID (then it also matches the row with that id), else null. */
  id: string | null;
}

/** The search of a text typed by a user or sent as `search`; null when blank. 400 when longer than the limit. */
export function nameSearchOf(raw: string | null | undefined): NameSearch | null {
  const text = (raw ?? '').trim().toLowerCase();
  if (text === '') return null;
  if (text.length > MAX_NAME_SEARCH_LENGTH) {
    throw new DomainError(400, `The parameter 'search' must be at most ${MAX_NAME_SEARCH_LENGTH} characters long.`);
  }
  return { text, id: isUuid(text) ? text : null };
}

/** The `search` query parameter (null when absent or blank). */
export function readNameSearch(query: QueryParams): NameSearch | null {
  return nameSearchOf(query.get('search'));
}

/** Whether a user, user group or claim group matches a search (every row matches no search). */
export function matchesNameSearch(row: { id: string; name: string }, search: NameSearch | null): boolean {
  if (search === null) return true;
  if (search.id !== null && row.id.toLowerCase() === search.id) return true;
  const name = row.name.toLowerCase();
  return nameSearchWords(search).every((word) => name.includes(word));
}

/** The words (and quoted phrases) of a search, lower-cased, each of which a matching name contains. */
export function nameSearchWords(search: NameSearch): string[] {
  return typedSearchTerms(search.text).map((word) => word.toLowerCase());
}

const likeOf = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The SQL `LIKE` pattern of a search's whole text (`\` escapes `%`, `_` and itself): `lower(name) LIKE pattern ESCAPE '\'`. */
export function likePatternOf(search: NameSearch): string {
  return likeOf(search.text);
}

/** One SQL `LIKE` pattern per word of a search ({@link nameSearchWords}): a matching `lower(name)` is LIKE every one. */
export function likePatternsOf(search: NameSearch): string[] {
  return nameSearchWords(search).map(likeOf);
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The order of search answers and lists: lower-cased name, then name, then id. */
export function compareByName(a: { id: string; name: string }, b: { id: string; name: string }): number {
  return byCodeUnits(a.name.toLowerCase(), b.name.toLowerCase()) || byCodeUnits(a.name, b.name) || byCodeUnits(a.id, b.id);
}

/** The `subGroupCandidatesOf` query parameter: a claim group id (lower-cased), or null when absent; 400 when not a UUID. */
export function readSubGroupCandidatesOf(query: QueryParams): string | null {
  const value = query.get('subGroupCandidatesOf');
  if (value === undefined || value.trim() === '') return null;
  return query.id('subGroupCandidatesOf');
}
