/**
 * Reading the JSON Schema validator's output: the leaf errors that say what is wrong (not "a subschema had
 * errors"), and the one keyword a field's message is about.
 */
import type { OutputUnit } from '@cfworker/json-schema';
import { escapePointerSegment } from '../contract/json-pointer';

const WRAPPERS = new Set([
  'properties',
  'items',
  'prefixItems',
  'additionalItems',
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  'allOf',
  'if',
  'then',
  'else',
  'dependentSchemas',
  'dependencies',
  'patternProperties',
  'additionalProperties',
  'contains',
  'propertyNames',
]);
const KEYWORD_ORDER = ['required', 'type', 'const', 'enum', 'format', 'minLength', 'maxLength', 'pattern'];

/** The errors that say what is wrong (not "a subschema had errors"), from the validator's full output. */
export function leafErrors(errors: readonly OutputUnit[]): { path: string; keyword: string }[] {
  const out: { path: string; keyword: string }[] = [];
  for (const error of errors) {
    if (WRAPPERS.has(error.keyword)) continue;
    // Errors inside one alternative of anyOf/oneOf/not say nothing about the whole.
    if (/\/(anyOf|oneOf|not)\/./.test(error.keywordLocation.replace(/\/(anyOf|oneOf|not)$/, ''))) continue;
    let path = decodeURIComponent(error.instanceLocation.replace(/^#/, ''));
    if (error.keyword === 'required' || error.keyword === 'dependentRequired') {
      const name = /"([^"]*)"\.?$/.exec(error.error)?.[1];
      if (name !== undefined) path = `${path}/${escapePointerSegment(name)}`;
      out.push({ path, keyword: 'required' });
      continue;
    }
    out.push({ path, keyword: error.keyword });
  }
  return out;
}

/** The keyword of the error to show for one value (`required` before `type`, and so on), or null when none. */
export function firstLeaf(errors: readonly OutputUnit[]): string | null {
  const leaves = leafErrors(errors);
  if (leaves.length === 0) return errors.length > 0 ? 'invalid' : null;
  let best = leaves[0] as { keyword: string };
  let bestRank = KEYWORD_ORDER.indexOf(best.keyword) === -1 ? KEYWORD_ORDER.length : KEYWORD_ORDER.indexOf(best.keyword);
  for (const leaf of leaves) {
    const rank = KEYWORD_ORDER.indexOf(leaf.keyword) === -1 ? KEYWORD_ORDER.length : KEYWORD_ORDER.indexOf(leaf.keyword);
    if (rank < bestRank) {
      best = leaf;
      bestRank = rank;
    }
  }
  return best.keyword;
}
