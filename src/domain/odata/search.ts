/**
 * What `$search` means, once for the test fake (in memory) and the reference server (in SQL): a
 * term matches a row when one of its searchable texts (`ODataEntityType.search`) contains the term,
 * ignoring case; `AND`, `OR` and `NOT` combine terms as usual (words side by side must all match, each anywhere; a
 * quoted phrase matches as written). A JSON property's texts are the strings inside it, at any depth (the answers of a
 * form, not its field names or numbers). A GUID property (an instance's id) matches only a term of at least
 * {@link MIN_ID_SEARCH_LENGTH} characters: a short word such as `07` is in most ids and would find rows by chance.
 */
import type { ODataSearch } from './ast';
import type { ODataEntityType } from './schema';

/** The shortest term a GUID property's text is searched for: the 8 characters of the short id the lists show. */
export const MIN_ID_SEARCH_LENGTH = 8;

/** What `$search` looks in for one row, lower-cased: its texts, and its ids (searched for long terms only). */
export interface SearchFields {
  texts: readonly string[];
  ids: readonly string[];
}

/** Every string inside a JSON value, depth first. */
export function jsonStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) jsonStrings(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) jsonStrings(item, out);
  return out;
}

/** The texts `$search` looks in for one row of `entity`, lower-cased (none when the set cannot be searched). */
export function searchTexts(entity: ODataEntityType, row: Readonly<Record<string, unknown>>): string[] {
  const texts: string[] = [];
  for (const name of entity.search ?? []) {
    const value = Object.prototype.hasOwnProperty.call(row, name) ? row[name] : undefined;
    if (entity.properties[name] === 'json') jsonStrings(value, texts);
    else if (typeof value === 'string') texts.push(value);
  }
  return texts.map((text) => text.toLowerCase());
}

/** The texts and ids `$search` looks in for one row of `entity`, lower-cased ({@link MIN_ID_SEARCH_LENGTH}). */
export function searchFields(entity: ODataEntityType, row: Readonly<Record<string, unknown>>): SearchFields {
  const texts: string[] = [];
  const ids: string[] = [];
  for (const name of entity.search ?? []) {
    const value = Object.prototype.hasOwnProperty.call(row, name) ? row[name] : undefined;
    const kind = entity.properties[name];
    if (kind === 'json') jsonStrings(value, texts);
    else if (typeof value === 'string') (kind === 'guid' ? ids : texts).push(value);
  }
  return { texts: texts.map((text) => text.toLowerCase()), ids: ids.map((id) => id.toLowerCase()) };
}

/** Whether a term of this many characters is looked for in ids too ({@link MIN_ID_SEARCH_LENGTH}). */
export function searchesIds(term: string): boolean {
  return term.length >= MIN_ID_SEARCH_LENGTH;
}

/**
 * Whether a row's lower-cased texts satisfy a `$search`: its {@link SearchFields}, or the texts of
 * {@link searchTexts} (every text, ids included, searched for any term).
 */
export function matchesSearch(search: ODataSearch, fields: readonly string[] | SearchFields): boolean {
  const { texts, ids } = isFieldList(fields) ? { texts: fields, ids: [] } : fields;
  switch (search.kind) {
    case 'term': {
      const term = search.text.toLowerCase();
      return texts.some((text) => text.includes(term)) || (searchesIds(term) && ids.some((id) => id.includes(term)));
    }
    case 'not':
      return !matchesSearch(search.operand, fields);
    case 'logical':
      return search.op === 'and'
        ? search.operands.every((o) => matchesSearch(o, fields))
        : search.operands.some((o) => matchesSearch(o, fields));
  }
}

function isFieldList(fields: readonly string[] | SearchFields): fields is readonly string[] {
  return Array.isArray(fields);
}
