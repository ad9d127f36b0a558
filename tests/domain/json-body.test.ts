// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  arrayField,
  boolField,
  checkJsonContentType,
  DomainError,
  field,
  hasField,
  idArrayField,
  intArrayField,
  isJsonRecord,
  isUuid,
  MAX_ARRAY_ITEMS,
  parseJsonText,
  requireJsonObject,
} from '../../src/domain';

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const ID = 'A0000000-0000-4000-8000-00000000000A';

describe('JSON bodies', () => {
  it('accepts JSON content types only (415 otherwise)', () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/problem+json', ' APPLICATION/JSON']) {
      expect(() => checkJsonContentType(type)).not.toThrow();
    }
    for (const type of [null, undefined, '', 'text/plain', 'application/jsonp', 'multipart/form-data']) {
      const error = refusal(() => checkJsonContentType(type));
      expect(error.status).toBe(415);
      expect(error.message).toBe('The body must be JSON (Content-Type: application/json).');
    }
  });

  it('parses text: 400 when empty or not JSON, 413 past the byte limit', () => {
    expect(parseJsonText('{"a":1}')).toEqual({ a: 1 });
    expect(refusal(() => parseJsonText('  ')).message).toBe('A JSON body is required.');
    expect(refusal(() => parseJsonText('{nope')).message).toBe('The body is not valid JSON.');
    const big = refusal(() => parseJsonText(`"${'é'.repeat(60)}"`, 100));
    expect(big.status).toBe(413);
    expect(big.message).toBe('The request body is larger than 100 bytes.');
    expect(parseJsonText(`"${'a'.repeat(50)}"`, 100)).toHaveLength(50);
  });

  it('wants an object', () => {
    expect(requireJsonObject({ a: 1 })).toEqual({ a: 1 });
    for (const value of [[], null, 1, 'x', new Date()]) {
      expect(isJsonRecord(value)).toBe(false);
      expect(refusal(() => requireJsonObject(value)).message).toBe('The body must be a JSON object.');
    }
  });

  it('finds fields regardless of case, the exact name first', () => {
    const body = { ClaimSets: [1], claimsets: [2], Other: true };
    expect(field(body, 'claimSets')).toEqual([1]);
    expect(field(body, 'claimsets')).toEqual([2]);
    expect(field(body, 'other')).toBe(true);
    expect(field(body, 'missing')).toBeUndefined();
    expect(hasField(body, 'OTHER')).toBe(true);
    expect(hasField(body, 'missing')).toBe(false);
  });

  it('reads arrays: absent or null is empty, not an array or too long is 400 naming the field', () => {
    expect(arrayField({}, 'a')).toEqual([]);
    expect(arrayField({ a: null }, 'a')).toEqual([]);
    expect(refusal(() => arrayField({ a: 'x' }, 'a')).message).toBe("'a' must be an array.");
    expect(arrayField({ a: new Array(MAX_ARRAY_ITEMS).fill(0) }, 'a')).toHaveLength(1000);
    expect(refusal(() => arrayField({ a: new Array(1001).fill(0) }, 'a')).message).toBe(
      "'a' has 1001 items; at most 1000 are allowed.",
    );
  });

  it('reads id arrays lower-cased without duplicates, refusing non-UUIDs by index', () => {
    expect(isUuid(ID)).toBe(true);
    expect(isUuid('a0000000-0000-4000-8000-00000000000')).toBe(false);
    expect(idArrayField({ ids: [ID, ID.toLowerCase(), 'b0000000-0000-4000-8000-00000000000b'] }, 'ids')).toEqual([
      ID.toLowerCase(),
      'b0000000-0000-4000-8000-00000000000b',
    ]);
    expect(refusal(() => idArrayField({ ids: [ID, 7] }, 'ids')).message).toBe("'ids[1]' must be an id (a UUID string).");
  });

  it('reads integer arrays without duplicates and booleans with a fallback', () => {
    expect(intArrayField({ v: [3, 1, 3] }, 'v')).toEqual([3, 1]);
    expect(refusal(() => intArrayField({ v: [1, 1.5] }, 'v')).message).toBe("'v[1]' must be an integer.");
    expect(boolField({}, 'b', true)).toBe(true);
    expect(boolField({ b: false }, 'b', true)).toBe(false);
    expect(refusal(() => boolField({ b: 'true' }, 'b', false)).message).toBe("'b' must be true or false.");
  });
});
