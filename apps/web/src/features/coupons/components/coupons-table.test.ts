import { describe, expect, it } from 'vitest';
import { validityText } from './coupons-table';

describe("a coupon card's validity line", () => {
  it('says open ends in words', () => {
    expect(validityText({ validFrom: null, validTo: null })).toBe('Always valid');
    expect(validityText({ validFrom: null, validTo: '2027-01-05T23:59:59.999Z' })).toBe(
      'Valid until 5 Jan 2027',
    );
    expect(validityText({ validFrom: '2026-12-01T00:00:00.000Z', validTo: null })).toBe(
      'Valid from 1 Dec 2026, no end date',
    );
    expect(
      validityText({ validFrom: '2026-12-01T00:00:00.000Z', validTo: '2027-01-05T23:59:59.999Z' }),
    ).toBe('Valid 1 Dec 2026 to 5 Jan 2027');
  });
});
