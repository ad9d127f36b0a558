/**
 * The server's check of schema `pattern`s against catastrophic backtracking (docs/decisions.md, Security and limits),
 * off the request thread: `recheck` (its native agent process, else a worker thread) analyses every
 * pattern of a schema being saved, in parallel, each within {@link PATTERN_CHECK_TIMEOUT_MS} and all
 * within {@link SCHEMA_PATTERNS_BUDGET_MS}. A vulnerable pattern, or one that could not be analysed in
 * time, is refused with the engine's message (`The pattern '…' at … is not allowed: …`): the verdicts
 * are handed to the domain's `checkSchemaForSave` as the engine's `checkPattern` option.
 */
import { check, type Diagnostics } from 'recheck';
import type { PatternCheck } from '../../../src/engine';

/** Longest time one pattern's analysis may take, in milliseconds. */
export const PATTERN_CHECK_TIMEOUT_MS = 1_000;
/** Longest time the analyses of one schema may take together, in milliseconds. */
export const SCHEMA_PATTERNS_BUDGET_MS = 3_000;

/** Why a pattern is refused, or null when it is safe. */
type Verdict = string | null;

// Verdicts by pattern, so a schema saved again, or many fields sharing a pattern, cost nothing.
const verdicts = new Map<string, Verdict>();
const MAX_REMEMBERED = 2_000;

const NOT_CHECKED = 'it could not be checked for catastrophic backtracking in time. Simplify it.';

function verdictOf(result: Diagnostics): Verdict {
  if (result.status === 'vulnerable') {
    const growth = result.complexity.type === 'exponential' ? 'exponentially' : 'polynomially';
    return `matching it can take time growing ${growth} with the input (catastrophic backtracking). Rewrite it without nested or overlapping repetition.`;
  }
  if (result.status === 'unknown' && (result.error.kind === 'timeout' || result.error.kind === 'cancel')) {
    return NOT_CHECKED;
  }
  // Safe, or syntax the analyser does not know (the engine has already compiled it).
  return null;
}

function remember(pattern: string, verdict: Verdict): void {
  if (verdicts.size >= MAX_REMEMBERED) verdicts.delete(verdicts.keys().next().value as string);
  verdicts.set(pattern, verdict);
}

/**
 * Analyses `patterns` (those of one schema, collected by a first pass of the engine's check) and
 * answers the pattern check for the second pass.
 */
export async function analysePatterns(patterns: Iterable<string>): Promise<PatternCheck> {
  const pending = [...new Set(patterns)].filter((p) => !verdicts.has(p));
  const now = new Map<string, Verdict>();
  if (pending.length > 0) {
    const signal = AbortSignal.timeout(SCHEMA_PATTERNS_BUDGET_MS);
    const results = await Promise.all(pending.map((p) => check(p, 'u', { timeout: PATTERN_CHECK_TIMEOUT_MS, signal })));
    pending.forEach((p, i) => {
      const result = results[i];
      if (!result) return;
      now.set(p, verdictOf(result));
      // A pattern cut short by the schema's budget is judged again next time.
      if (!(result.status === 'unknown' && result.error.kind === 'cancel')) remember(p, verdictOf(result));
    });
  }
  return (pattern) => {
    const verdict = now.get(pattern) ?? verdicts.get(pattern);
    return verdict === undefined ? NOT_CHECKED : verdict;
  };
}

/** A pattern check that only collects the patterns it is shown (the first pass). */
export function collectPatterns(into: Set<string>): PatternCheck {
  return (pattern) => {
    into.add(pattern);
    return null;
  };
}
