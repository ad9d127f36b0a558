// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DomainError, missingParameterMessage, QueryParams } from '../../src/domain';

const params = (query: string) => new QueryParams(new URLSearchParams(query));

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('QueryParams', () => {
  it('reads names regardless of case, the first value winning', () => {
    const q = params('IncludeClaims=true&includeclaims=false&Name=a');
    expect(q.get('includeClaims')).toBe('true');
    expect(q.get('NAME')).toBe('a');
    expect(q.get('missing')).toBeUndefined();
  });

  it("refuses a missing, empty, 'null' or 'undefined' required parameter with the spec's text", () => {
    expect(missingParameterMessage('authId')).toBe("The parameter 'authId' must be defined and cannot be null.");
    for (const query of ['', 'authId=', 'authId=null', 'authId=undefined']) {
      const error = refusal(() => params(query).required('authId'));
      expect(error.status).toBe(400);
      expect(error.message).toBe("The parameter 'authId' must be defined and cannot be null.");
    }
    expect(params('authId=x').required('authId')).toBe('x');
  });

  it('reads booleans (true/false/1/0, any case) with a fallback, refusing anything else', () => {
    const q = params('a=TRUE&b=0&c=yes&d=');
    expect(q.bool('a')).toBe(true);
    expect(q.bool('b')).toBe(false);
    expect(q.bool('d', true)).toBe(true);
    expect(q.bool('missing')).toBe(false);
    expect(refusal(() => q.bool('c')).message).toBe("The parameter 'c' must be true or false.");
    expect(refusal(() => params('').requiredBool('overrideExisting')).status).toBe(400);
    expect(params('overrideExisting=false').requiredBool('overrideExisting')).toBe(false);
  });

  it('reads integers within bounds', () => {
    const bounds = { min: 1, max: 10 };
    expect(params('n=5').int('n', bounds)).toBe(5);
    expect(params('').int('n', bounds, 3)).toBe(3);
    for (const bad of ['0', '11', '1.5', 'x', '1e1']) {
      expect(refusal(() => params(`n=${bad}`).int('n', bounds)).message).toBe("The parameter 'n' must be an integer from 1 to 10.");
    }
  });

  it('reads ids as lower-cased UUIDs', () => {
    expect(params('id=%20A0000000-0000-4000-8000-00000000000A%20').id('id')).toBe('a0000000-0000-4000-8000-00000000000a');
    expect(refusal(() => params('id=not-a-uuid').id('id')).message).toBe("The parameter 'id' must be an id (a UUID).");
    expect(refusal(() => params('').id('id')).message).toBe("The parameter 'id' must be defined and cannot be null.");
  });
});
