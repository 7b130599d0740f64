import { describe, expect, it } from 'vitest';
import { normalizeRates, normalizeService, serviceLabel, serviceUnit } from './services.ts';

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
