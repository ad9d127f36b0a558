/**
 * The server's check of schema `pattern`s against catastrophic backtracking (docs/decisions.md, Security and limits),
 * off the request thread: `recheck` (its native agent process, else a worker thread) analyses every
 * pattern of a schema being saved, in parallel, each within {@link PATTERN_CHECK_TIMEOUT_MS} and all
 * within {@link SCHEMA_PATTERNS_BUDGET_MS}. A vulnerable pattern, or one that could not be analysed in
 * time, is refused with the engine's message (`The pattern '…' at … is not allowed: …`): the verdicts
 * are handed to the schema rules' pass that places them among the schema's problems (schema-check.ts).
 */
import { setMaxListeners } from 'node:events';
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

/** The first check of the process, which starts recheck's agent. */
let agentStarted: Promise<unknown> | null = null;

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
 * Analyses `patterns` (those of one schema, found by a first pass of the schema rules) and answers the pattern
 * check: each pattern's refusal, or null when it is safe.
 */
export async function analysePatterns(patterns: Iterable<string>): Promise<PatternCheck> {
  const pending = [...new Set(patterns)].filter((p) => !verdicts.has(p));
  const now = new Map<string, Verdict>();
  if (pending.length > 0) {
    // recheck starts its agent process on its first check, and every check made before that agent answers starts one
    // more (each start forks this process on its thread): the first check runs alone, once per process.
    agentStarted ??= check('^$', 'u', { timeout: PATTERN_CHECK_TIMEOUT_MS }).catch(() => undefined);
    await agentStarted;
    const signal = AbortSignal.timeout(SCHEMA_PATTERNS_BUDGET_MS);
    // One listener per pattern's check: a schema of many patterns is no leak.
    setMaxListeners(pending.length + 10, signal);
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
