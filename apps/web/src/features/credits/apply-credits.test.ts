import { describe, expect, it } from 'vitest';
import { clampCredits, maxApplicableCredits } from './apply-credits';

describe('credits applied at checkout', () => {
  it('caps at the smaller of balance and price', () => {
    expect(maxApplicableCredits(8000, 5000)).toBe(5000);
    expect(maxApplicableCredits(1200, 5000)).toBe(1200);
    expect(maxApplicableCredits(0, 5000)).toBe(0);
    expect(maxApplicableCredits(-50, 5000)).toBe(0);
  });

  it('never returns more than min(balance, price), nor less than 0', () => {
    for (const [requested, balance, price] of [
      [9_999_999, 8000, 5000],
      [9_999_999, 1200, 5000],
      [4000, 8000, 5000],
      [-10, 8000, 5000],
      [Number.NaN, 8000, 5000],
      [300.7, 8000, 5000],
    ] as const) {
      const applied = clampCredits(requested, balance, price);
      expect(applied).toBeGreaterThanOrEqual(0);
      expect(applied).toBeLessThanOrEqual(Math.min(balance, price));
      expect(Number.isInteger(applied)).toBe(true);
    }
    expect(clampCredits(4000, 8000, 5000)).toBe(4000);
  });
});
