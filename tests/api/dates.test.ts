// @vitest-environment node
import { isIsoDateTime, parseJsonWithDates, reviveDates } from '../../src/api';

describe('date revival', () => {
  it.each([
    '2024-01-02T03:04:05Z',
    '2024-01-02T03:04:05.123Z',
    '2024-01-02T03:04:05.1234567Z',
    '2024-01-02T03:04:05+02:00',
    '2024-01-02T03:04:05.5-05:30',
  ])('recognises %s', (value) => {
    expect(isIsoDateTime(value)).toBe(true);
  });

  it.each([
    '2024-01-02',
    '03:04:05',
    '2024-01-02T03:04:05',
    '2024-01-02 03:04:05Z',
    '2024-13-45T03:04:05Z',
    'x2024-01-02T03:04:05Z',
    '2024-01-02T03:04Z',
    'Created 2024-01-02T03:04:05Z',
  ])('leaves %s a string', (value) => {
    expect(isIsoDateTime(value)).toBe(false);
  });

  it('parseJsonWithDates revives nested values', () => {
    const parsed = parseJsonWithDates('{"a":[{"b":"2024-01-02T03:04:05.000Z"}],"c":"2024-01-02","n":1}') as {
      a: { b: Date }[];
      c: string;
      n: number;
    };
    expect(parsed.a[0]?.b).toEqual(new Date('2024-01-02T03:04:05.000Z'));
    expect(parsed.c).toBe('2024-01-02');
    expect(parsed.n).toBe(1);
  });

  it('reviveDates copies deeply and keeps own keys only', () => {
    const input = JSON.parse('{"__proto__":{"x":1},"d":"2024-01-02T03:04:05Z","l":["2024-01-02T03:04:05Z"]}') as object;
    const out = reviveDates(input) as Record<string, unknown>;
    expect(out.d).toBeInstanceOf(Date);
    expect((out.l as unknown[])[0]).toBeInstanceOf(Date);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});
