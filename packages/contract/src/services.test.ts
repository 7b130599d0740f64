import { describe, expect, it } from 'vitest';
import {
  effectiveRates,
  normalizeRates,
  normalizeService,
  serviceLabel,
  serviceUnit,
  suggestedRatesFor,
} from './services.ts';

describe('service catalogue', () => {
  it('maps labels in any case and spacing to the stored value', () => {
    expect(normalizeService('Dog walking')).toBe('dog-walking');
    expect(normalizeService('  DROP-IN visits ')).toBe('drop-in-visits');
    expect(normalizeService('pet_sitting')).toBe('pet-sitting');
    expect(normalizeService('boarding')).toBe('boarding');
  });
  it('keeps services outside the catalogue as typed', () => {
    expect(normalizeService(' Reptile care ')).toBe('Reptile care');
    expect(serviceLabel('Reptile care')).toBe('Reptile care');
    expect(serviceUnit('Reptile care')).toBe('hour');
  });
  it('labels values and prices overnight services per night', () => {
    expect(serviceLabel('house-sitting')).toBe('House sitting');
    expect(serviceUnit('Boarding')).toBe('night');
    expect(serviceUnit('pet-sitting')).toBe('night');
    expect(serviceUnit('dog-walking')).toBe('hour');
  });
  it('re-keys rates by value', () => {
    expect(normalizeRates({ 'Dog walking': 2500, Boarding: 6000 })).toEqual({
      'dog-walking': 2500,
      boarding: 6000,
    });
  });
});

describe('effective rates', () => {
  it("prices a listed service without an own rate at the catalogue's suggested rate", () => {
    expect(effectiveRates(['Boarding', 'dog walking'], { 'Dog walking': 2500 })).toEqual({
      boarding: { cents: 4500, source: 'suggested' },
      'dog-walking': { cents: 2500, source: 'sitter' },
    });
    expect(suggestedRatesFor(['boarding', 'knitting'], {})).toEqual({ boarding: 4500 });
  });
  it('offers nothing unlisted, and a negative own rate withdraws a listed service', () => {
    expect(effectiveRates([], {})).toEqual({});
    expect(effectiveRates(['boarding'], { boarding: -1 })).toEqual({});
  });
});
