import { describe, expect, it } from 'vitest';
import { answerDay, binEdge, binOf, dayBins, dayText, numberBins, SUMMARY_BINS } from '../../src/domain/forms/summary';

describe('numberBins', () => {
  it('gives whole numbers one bin each while they span no more than the most bins', () => {
    expect(numberBins(-5, 3, true)).toEqual({ start: -5, width: 1, count: 9 });
    expect(numberBins(7, 7, true)).toEqual({ start: 7, width: 1, count: 1 });
  });

  it('gives whole numbers over a wider span bins of a round width from a multiple of it', () => {
    expect(numberBins(36, 60, true)).toEqual({ start: 35, width: 5, count: 6 });
    expect(numberBins(1, 11, true)).toEqual({ start: 0, width: 2, count: 6 });
    expect(numberBins(98_000, 120_000, true)).toEqual({ start: 95_000, width: 5_000, count: 6 });
    expect(numberBins(-7, 31, true)).toEqual({ start: -10, width: 5, count: 9 });
    expect(numberBins(0, 99, true)).toEqual({ start: 0, width: 10, count: 10 });
    expect(numberBins(0, 100, true)).toEqual({ start: 0, width: 20, count: 6 });
  });

  it('puts every whole number of the span in a bin that holds it, never more than the most bins', () => {
    for (const [min, max] of [[36, 60], [-1234, 98_765], [1, 12], [0, 1_000_000], [-3, 9]] as const) {
      const bins = numberBins(min, max, true);
      expect(bins.count).toBeLessThanOrEqual(SUMMARY_BINS);
      expect(Number.isInteger(bins.start) && Number.isInteger(bins.width)).toBe(true);
      for (const x of [min, max, Math.round((min + max) / 2), min + 1, max - 1]) {
        const k = binOf(x, bins);
        expect(bins.start + k * bins.width).toBeLessThanOrEqual(x);
        expect(bins.start + (k + 1) * bins.width - 1).toBeGreaterThanOrEqual(x);
      }
    }
  });

  it('gives other numbers bins of a round width from a multiple of it, with edges free of binary noise', () => {
    expect(numberBins(0.5, 10.25, false)).toEqual({ start: 0, width: 2, count: 6 });
    expect(numberBins(0.4, 1.9, false)).toEqual({ start: 0.4, width: 0.2, count: 8 });
    expect(numberBins(1.3, 2.95, false)).toEqual({ start: 1.2, width: 0.2, count: 9 });
    expect(numberBins(0.012, 0.0375, false)).toEqual({ start: 0.01, width: 0.005, count: 6 });
    expect(numberBins(-2.5, 7.25, false)).toEqual({ start: -4, width: 2, count: 6 });
    expect(binEdge(0.4, 1, 0.2)).toBe(0.6);
    expect(binEdge(0.1, 2, 0.1)).toBe(0.3);
    expect(binEdge(1.2, 3, 0.05)).toBe(1.35);
  });

  it('counts a decimal on an edge in the bin it opens, though its quotient falls a hair short in floating point', () => {
    const bins = numberBins(0.4, 1.9, false);
    // (0.6 - 0.4) / 0.2 is 0.9999999999999998 in binary floating point.
    expect(Math.floor((0.6 - 0.4) / 0.2)).toBe(0);
    expect(binOf(0.6, bins)).toBe(1);
    expect(binOf(0.59, bins)).toBe(0);
    expect(binOf(1.9, bins)).toBe(bins.count - 1);
    for (let k = 0; k < bins.count; k += 1) expect(binOf(binEdge(bins.start, k, bins.width), bins)).toBe(k);
  });

  it('puts every decimal of a span in a bin whose edges hold it, never more than the most bins', () => {
    for (const [min, max] of [[0.5, 10.25], [-3.75, 2.5], [0.001, 0.0093], [1234.5, 98765.25], [0.1, 0.3]] as const) {
      const bins = numberBins(min, max, false);
      expect(bins.count).toBeLessThanOrEqual(SUMMARY_BINS);
      for (const x of [min, max, (min + max) / 2, min + (max - min) / 7]) {
        const k = binOf(x, bins);
        expect(binEdge(bins.start, k, bins.width)).toBeLessThanOrEqual(x);
        if (k < bins.count - 1) expect(binEdge(bins.start, k + 1, bins.width)).toBeGreaterThan(x);
        else expect(binEdge(bins.start, k + 1, bins.width)).toBeGreaterThanOrEqual(x);
      }
    }
  });

  it('keeps one bin for a span no round width reaches', () => {
    expect(numberBins(-1.7e308, 1.7e308, false)).toEqual({ start: -1.7e308, width: 1, count: 1 });
    expect(numberBins(-1.7e308, 1.7e308, true)).toEqual({ start: -1.7e308, width: 1, count: 1 });
  });
});

describe('dayBins', () => {
  const day = (text: string) => answerDay(text) as number;
  const edges = (bins: { start: number; width: number; count: number }, max: number) =>
    Array.from({ length: bins.count }, (_, k) => [dayText(bins.start + k * bins.width), dayText(Math.min(bins.start + (k + 1) * bins.width - 1, max))]);

  it('gives one day each over at most ten days, two days each over at most twenty', () => {
    expect(dayBins(day('2026-03-01'), day('2026-03-10'))).toEqual({ start: day('2026-03-01'), width: 1, count: 10 });
    expect(dayBins(day('2026-03-01'), day('2026-03-01'))).toEqual({ start: day('2026-03-01'), width: 1, count: 1 });
    expect(dayBins(day('2026-03-01'), day('2026-03-11'))).toEqual({ start: day('2026-03-01'), width: 2, count: 6 });
    expect(dayBins(day('2026-03-01'), day('2026-03-20'))).toEqual({ start: day('2026-03-01'), width: 2, count: 10 });
  });

  it('gives whole weeks from the Monday at or before the first day over a longer span', () => {
    // 2026-01-01 is a Thursday: the weeks start on Monday 2025-12-29.
    const max = day('2026-02-10');
    const weeks = dayBins(day('2026-01-01'), max);
    expect(weeks).toEqual({ start: day('2025-12-29'), width: 7, count: 7 });
    expect(edges(weeks, max)).toEqual([
      ['2025-12-29', '2026-01-04'],
      ['2026-01-05', '2026-01-11'],
      ['2026-01-12', '2026-01-18'],
      ['2026-01-19', '2026-01-25'],
      ['2026-01-26', '2026-02-01'],
      ['2026-02-02', '2026-02-08'],
      ['2026-02-09', '2026-02-10'],
    ]);
    // A first day that is a Monday starts the first week itself; days before 1970 too.
    expect(dayBins(day('2026-01-05'), day('2026-02-01')).start).toBe(day('2026-01-05'));
    expect(dayText(dayBins(day('1969-07-20'), day('1969-09-01')).start)).toBe('1969-07-14');
  });

  it('gives a year in bins of several weeks, each day in a bin that holds it, never more than ten bins', () => {
    for (const [from, to] of [['2026-01-01', '2026-12-31'], ['2026-02-11', '2026-05-03'], ['1999-12-31', '2026-12-03'], ['2026-03-01', '2026-03-21']] as const) {
      const [min, max] = [day(from), day(to)];
      const bins = dayBins(min, max);
      expect(bins.count).toBeLessThanOrEqual(SUMMARY_BINS);
      if (bins.width % 7 === 0) expect(new Date(bins.start * 86_400_000).getUTCDay()).toBe(1);
      for (const x of [min, max, Math.floor((min + max) / 2), min + 1, max - 1]) {
        const k = binOf(x, bins);
        expect(bins.start + k * bins.width).toBeLessThanOrEqual(x);
        expect(bins.start + (k + 1) * bins.width - 1).toBeGreaterThanOrEqual(x);
      }
    }
    expect(dayBins(day('2026-01-01'), day('2026-12-31'))).toMatchObject({ width: 42, count: 9 });
  });
});
