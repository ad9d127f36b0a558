/**
 * A request body's depth is scanned before it is parsed: V8 parses nesting several times slower than flat text, so a
 * deeply nested body parsed first held the event loop (and every other request) before it was refused.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DomainError, MAX_JSON_DEPTH, parseJsonText } from '../../src/domain';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('parseJsonText', () => {
  it('refuses a body nested too deeply without parsing it', () => {
    const parse = vi.spyOn(JSON, 'parse');
    const depth = 100_000;
    const nested = `{"data":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    expect(() => parseJsonText(nested)).toThrow(DomainError);
    expect(parse).not.toHaveBeenCalled();
  });

  it('parses a body within the depth limit', () => {
    const parse = vi.spyOn(JSON, 'parse');
    const ok = `{"data":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    const parsed = parseJsonText(ok) as { data: unknown };
    expect(Array.isArray(parsed.data)).toBe(true);
    expect(parse).toHaveBeenCalledTimes(1);
  });
});
