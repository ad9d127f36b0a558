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

  it('parseJsonWithDates leaves user content alone: instance data, jsonSchema, layout and pdfTemplate', () => {
    const when = '2024-05-01T10:30:00+02:00';
    const text = JSON.stringify({
      value: [
        {
          createdDateTime: '2024-01-02T03:04:05Z',
          data: { appointment: when, list: [when], nested: { createdDateTime: when } },
          jsonSchema: { properties: { a: { default: when, enum: [when], const: when } } },
          layout: { pages: [{ id: 'p', title: when, sections: [] }] },
          pdfTemplate: { fileName: when },
          formInstances: [{ lastUpdatedDateTime: '2024-01-02T03:04:05Z', data: { at: when } }],
        },
      ],
    });
    const row = (parseJsonWithDates(text) as { value: Record<string, unknown>[] }).value[0]!;
    expect(row.createdDateTime).toEqual(new Date('2024-01-02T03:04:05Z'));
    expect(row.data).toEqual({ appointment: when, list: [when], nested: { createdDateTime: when } });
    expect(row.jsonSchema).toEqual({ properties: { a: { default: when, enum: [when], const: when } } });
    expect(row.layout).toEqual({ pages: [{ id: 'p', title: when, sections: [] }] });
    expect(row.pdfTemplate).toEqual({ fileName: when });
    const expanded = (row.formInstances as Record<string, unknown>[])[0]!;
    expect(expanded.lastUpdatedDateTime).toBeInstanceOf(Date);
    expect(expanded.data).toEqual({ at: when });
  });

  it('reviveDates copies user content as it is', () => {
    const when = '2024-05-01T10:30:00+02:00';
    const input = { lastUpdatedDateTime: when, data: { when } };
    const out = reviveDates(input) as { lastUpdatedDateTime: unknown; data: { when: unknown } };
    expect(out.lastUpdatedDateTime).toBeInstanceOf(Date);
    expect(out.data).toEqual({ when });
    expect(out.data).not.toBe(input.data);
  });

  it('parseJsonWithDates keeps an own __proto__ key a plain property', () => {
    const parsed = parseJsonWithDates('{"__proto__":{"d":"2024-01-02T03:04:05Z"},"e":"2024-01-02T03:04:05Z"}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(parsed, '__proto__')?.value).toEqual({ d: new Date('2024-01-02T03:04:05Z') });
    expect(parsed.e).toBeInstanceOf(Date);
  });
});
