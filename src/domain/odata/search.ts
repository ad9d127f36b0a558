/**
 * What `$search` means, once for the test fake (in memory) and the reference server (in SQL): a
 * term matches a row when one of its searchable texts (`ODataEntityType.search`) contains the term,
 * ignoring case; `AND`, `OR` and `NOT` combine terms as usual. A JSON property's texts are the
 * strings inside it, at any depth (the answers of a form, not its field names or numbers).
 */
import type { ODataSearch } from './ast';
import type { ODataEntityType } from './schema';

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

/** Whether lower-cased `texts` (from {@link searchTexts}) satisfy a `$search`. */
export function matchesSearch(search: ODataSearch, texts: readonly string[]): boolean {
  switch (search.kind) {
    case 'term': {
      const term = search.text.toLowerCase();
      return texts.some((text) => text.includes(term));
    }
    case 'not':
      return !matchesSearch(search.operand, texts);
    case 'logical':
      return search.op === 'and'
        ? search.operands.every((o) => matchesSearch(o, texts))
        : search.operands.some((o) => matchesSearch(o, texts));
  }
}
