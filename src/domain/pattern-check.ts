/**
 * The pattern check the form builder asks when a pattern box is left (`POST /api/FormSchema/CheckPattern`): the body,
 * its bounds, and the answer. The verdict itself is the backend's: the reference server hands in the same analysis of
 * catastrophic backtracking that checks every pattern of a schema being saved, so the answer on blur and the refusal
 * on save cannot disagree. Both backends read the request and shape the answer here.
 */
import type { PatternCheckResult } from '../contract/types';
import { FORM_LIMITS } from '../engine/limits';
import { DomainError } from './errors';
import { checkJsonContentType, field, parseJsonText, requireJsonObject } from './json-body';

/**
 * Largest accepted body of a pattern check, in bytes: a pattern of the longest allowed length, every character
 * escaped in JSON (`\uXXXX`), and room for the envelope.
 */
export const MAX_PATTERN_CHECK_BODY_BYTES = FORM_LIMITS.maxPatternLength * 6 + 1024;

/**
 * The pattern of a check request: a JSON body (415 otherwise) of at most {@link MAX_PATTERN_CHECK_BODY_BYTES}
 * (413), an object whose `pattern` is a non-empty string no longer than a schema allows (400 otherwise, naming what
 * is wrong).
 */
export function readPatternCheckBody(contentType: string | null | undefined, text: string): string {
  checkJsonContentType(contentType);
  const body = requireJsonObject(parseJsonText(text, MAX_PATTERN_CHECK_BODY_BYTES));
  const pattern = field(body, 'pattern');
  if (pattern === undefined || pattern === null) throw new DomainError(400, "The body needs 'pattern': the regular expression to check.");
  if (typeof pattern !== 'string') throw new DomainError(400, "'pattern' must be a string.");
  if (pattern === '') throw new DomainError(400, "'pattern' must not be empty.");
  if (pattern.length > FORM_LIMITS.maxPatternLength) {
    throw new DomainError(400, `'pattern' is too long: at most ${FORM_LIMITS.maxPatternLength} characters are allowed.`);
  }
  return pattern;
}

/**
 * Why a pattern is refused before any analysis: it does not compile as the engine compiles it (with the `u` flag),
 * or null.
 */
export function patternSyntaxRefusal(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u');
    return null;
  } catch (error) {
    return `it is not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * The answer to a pattern check: a pattern that does not compile is refused with the reason; otherwise `analyse`
 * (the backend's check of catastrophic backtracking, the one its schema save uses; none: accepted) gives the verdict.
 */
export async function answerPatternCheck(
  pattern: string,
  analyse?: (pattern: string) => string | null | Promise<string | null>,
): Promise<PatternCheckResult> {
  const reason = patternSyntaxRefusal(pattern) ?? (analyse ? await analyse(pattern) : null);
  return reason === null ? { ok: true } : { ok: false, reason };
}
