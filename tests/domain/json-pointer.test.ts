// @vitest-environment node
import {
  escapePointerSegment,
  formatPointer,
  getAt,
  hasAt,
  isValidPointer,
  joinPointer,
  JsonPointerError,
  parsePointer,
  removeAt,
  setAt,
  unescapePointerSegment,
} from '../../src/contract/json-pointer';

describe('parsePointer / formatPointer', () => {
  it('parses the RFC 6901 examples', () => {
    expect(parsePointer('')).toEqual([]);
    expect(parsePointer('/foo')).toEqual(['foo']);
    expect(parsePointer('/foo/0')).toEqual(['foo', '0']);
    expect(parsePointer('/')).toEqual(['']);
    expect(parsePointer('/a~1b')).toEqual(['a/b']);
    expect(parsePointer('/m~0n')).toEqual(['m~n']);
    expect(parsePointer('/ ')).toEqual([' ']);
  });

  it('unescapes ~1 before ~0 so ~01 stays ~1', () => {
    expect(unescapePointerSegment('~01')).toBe('~1');
    expect(parsePointer('/~01')).toEqual(['~1']);
    expect(escapePointerSegment('~1')).toBe('~01');
  });

  it('formats segments with escaping and round-trips', () => {
    const segments = ['a/b', 'm~n', '', '0', '~1/'];
    const pointer = formatPointer(segments);
    expect(pointer).toBe('/a~1b/m~0n//0/~01~1');
    expect(parsePointer(pointer)).toEqual(segments);
    expect(formatPointer(['items', 2, 'name'])).toBe('/items/2/name');
  });

  it('refuses a pointer without a leading slash or with a bad escape', () => {
    expect(() => parsePointer('foo')).toThrow("'foo' is not a JSON Pointer: it must be empty or start with '/'.");
    expect(() => parsePointer('/a~2')).toThrow("'/a~2' is not a JSON Pointer: '~' must be followed by '0' or '1'.");
    expect(() => parsePointer('/a~')).toThrow(JsonPointerError);
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses the %s segment anywhere, with a clear error', (segment) => {
    const pointer = `/a/${segment}/b`;
    let error: unknown;
    try {
      parsePointer(pointer);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(JsonPointerError);
    expect((error as JsonPointerError).code).toBe('forbidden-segment');
    expect((error as JsonPointerError).pointer).toBe(pointer);
    expect((error as Error).message).toBe(`The data path '${pointer}' is not allowed: the segment '${segment}' is reserved.`);
    expect(() => formatPointer(['a', segment])).toThrow(JsonPointerError);
    expect(() => getAt({}, ['a', segment])).toThrow(JsonPointerError);
    expect(isValidPointer(pointer)).toBe(false);
  });

  it('refuses an escaped forbidden segment too', () => {
    // '__proto__' has nothing to escape, but a pointer can still spell it; escaping must not hide it.
    expect(() => parsePointer('/__proto__')).toThrow(JsonPointerError);
    expect(isValidPointer('/proto~1type')).toBe(true);
  });

  it('joins pointers', () => {
    expect(joinPointer('/items/0', '/name')).toBe('/items/0/name');
    expect(joinPointer('', ['a/b', 1])).toBe('/a~1b/1');
    expect(() => joinPointer('/items', ['constructor'])).toThrow(JsonPointerError);
  });
});

describe('getAt / hasAt', () => {
  const doc = { foo: ['bar', 'baz'], '': 0, 'a/b': 1, 'm~n': 8, nested: { n: null, deep: { x: 1 } } };

  it('reads the RFC 6901 examples', () => {
    expect(getAt(doc, '')).toBe(doc);
    expect(getAt(doc, '/foo')).toEqual(['bar', 'baz']);
    expect(getAt(doc, '/foo/0')).toBe('bar');
    expect(getAt(doc, '/')).toBe(0);
    expect(getAt(doc, '/a~1b')).toBe(1);
    expect(getAt(doc, '/m~0n')).toBe(8);
    expect(getAt(doc, ['nested', 'deep', 'x'])).toBe(1);
  });

  it('returns undefined for missing steps, bad indices and inherited members', () => {
    expect(getAt(doc, '/missing/x')).toBeUndefined();
    expect(getAt(doc, '/foo/2')).toBeUndefined();
    expect(getAt(doc, '/foo/01')).toBeUndefined();
    expect(getAt(doc, '/foo/-')).toBeUndefined();
    expect(getAt(doc, '/toString')).toBeUndefined();
    expect(getAt(doc, '/foo/length')).toBeUndefined();
    expect(getAt('text', '/0')).toBeUndefined();
  });

  it('tells a null value from a missing one', () => {
    expect(hasAt(doc, '/nested/n')).toBe(true);
    expect(hasAt(doc, '/nested/missing')).toBe(false);
    expect(hasAt(doc, '/foo/1')).toBe(true);
    expect(hasAt(doc, '/foo/2')).toBe(false);
  });
});

describe('setAt', () => {
  it('writes immutably and shares untouched branches', () => {
    const doc = { a: { b: 1 }, other: { keep: true } };
    const next = setAt(doc, '/a/b', 2);
    expect(next).toEqual({ a: { b: 2 }, other: { keep: true } });
    expect(doc.a.b).toBe(1);
    expect(next).not.toBe(doc);
    expect(next.a).not.toBe(doc.a);
    expect(next.other).toBe(doc.other);
  });

  it('creates missing objects on the way', () => {
    expect(setAt({}, '/x/y/z', 'v')).toEqual({ x: { y: { z: 'v' } } });
    expect(setAt(undefined, '/x', 1)).toEqual({ x: 1 });
  });

  it('writes array items, appends with - or the length, and refuses gaps', () => {
    const doc = { list: [1, 2] };
    expect(setAt(doc, '/list/0', 9)).toEqual({ list: [9, 2] });
    expect(setAt(doc, '/list/-', 3)).toEqual({ list: [1, 2, 3] });
    expect(setAt(doc, '/list/2', 3)).toEqual({ list: [1, 2, 3] });
    expect(() => setAt(doc, '/list/5', 3)).toThrow("The data path '/list/5' names index '5' outside the array.");
    expect(() => setAt(doc, '/list/x', 3)).toThrow(JsonPointerError);
    expect(doc.list).toEqual([1, 2]);
  });

  it('refuses to write through a primitive', () => {
    expect(() => setAt({ a: 'text' }, '/a/b', 1)).toThrow(
      "The data path '/a/b' cannot be written: '/a' is not an object or array.",
    );
  });

  it('replaces the whole document for the empty pointer', () => {
    expect(setAt({ a: 1 }, '', { b: 2 })).toEqual({ b: 2 });
  });

  it('never pollutes Object.prototype, even through parsed JSON', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(() => setAt(hostile, '/__proto__/polluted', true)).toThrow(JsonPointerError);
    expect(() => setAt({}, '/constructor/prototype/polluted', true)).toThrow(JsonPointerError);
    expect(() => setAt({}, ['a', 'prototype'], true)).toThrow(JsonPointerError);
    const copied = setAt(hostile, '/safe', 1);
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('removeAt', () => {
  it('removes object members immutably', () => {
    const doc = { a: { b: 1, c: 2 }, d: { e: 3 } };
    const next = removeAt(doc, '/a/b');
    expect(next).toEqual({ a: { c: 2 }, d: { e: 3 } });
    expect(doc.a).toEqual({ b: 1, c: 2 });
    expect(next?.d).toBe(doc.d);
  });

  it('splices array items', () => {
    expect(removeAt({ list: ['a', 'b', 'c'] }, '/list/1')).toEqual({ list: ['a', 'c'] });
  });

  it('returns the same document when nothing is there', () => {
    const doc = { a: 1 };
    expect(removeAt(doc, '/missing/x')).toBe(doc);
    expect(removeAt(doc, '/a/b')).toBe(doc);
  });

  it('returns undefined for the empty pointer and refuses forbidden segments', () => {
    expect(removeAt({ a: 1 }, '')).toBeUndefined();
    expect(() => removeAt({ a: 1 }, '/prototype')).toThrow(JsonPointerError);
  });
});
