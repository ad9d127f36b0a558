/**
 * The server's check of schema `pattern`s against catastrophic backtracking (DESIGN §8, issue 11 #5):
 * `recheck` analyses each pattern when a schema is saved, within a time bound, and a vulnerable one is
 * refused with the engine's message (`The pattern '…' at … is not allowed: …`). Plugged into the
 * domain's `checkSchemaForSave` as the engine's `checkPattern` option.
 */
import { checkSync } from 'recheck';
import type { PatternCheck } from '../../../src/engine';

/** Longest time one pattern's analysis may take, in milliseconds. */
export const PATTERN_CHECK_TIMEOUT_MS = 500;

/** Refuses a pattern whose matching time can grow exponentially or polynomially with the input. */
export const checkPatternBacktracking: PatternCheck = (pattern) => {
  // JSON Schema patterns are ECMA-262 regular expressions with the unicode flag.
  const result = checkSync(pattern, 'u', { timeout: PATTERN_CHECK_TIMEOUT_MS });
  if (result.status !== 'vulnerable') return null;
  const growth = result.complexity.type === 'exponential' ? 'exponentially' : 'polynomially';
  return `matching it can take time growing ${growth} with the input (catastrophic backtracking). Rewrite it without nested or overlapping repetition.`;
};
