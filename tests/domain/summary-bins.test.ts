import { describe, expect, it } from 'vitest';
import { binEdge, binOf, numberBins, SUMMARY_BINS } from '../../src/domain/forms/summary';

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
