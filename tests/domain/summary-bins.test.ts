import { describe, expect, it } from 'vitest';
import { binOf, numberBins, SUMMARY_BINS } from '../../src/domain/forms/summary';

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

  it('keeps ten equal bins from the smallest to the largest for other numbers', () => {
    expect(numberBins(0.5, 10.25, false)).toEqual({ start: 0.5, width: 0.975, count: SUMMARY_BINS });
  });
});
