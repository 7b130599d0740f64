import { describe, expect, it } from 'vitest';
import { distanceKm, feedDistanceKm, roundToGrid } from './feed-distance.ts';

describe('feed distance', () => {
  it('rounds the owner to a 0.01° grid and the distance to whole km', () => {
    expect(roundToGrid({ latitude: 38.72349, longitude: -9.13951 })).toEqual({
      latitude: 38.72,
      longitude: -9.14,
    });
    const origin = { latitude: 38.7, longitude: -9.1 };
    const owner = { latitude: 38.7449, longitude: -9.1 };
    expect(distanceKm(origin, owner)).toBeCloseTo(4.99, 1);
    // 38.7449 → 38.74: 4.45 km → 4, not the 5 the exact point gives
    expect(feedDistanceKm(origin, owner)).toBe(4);
    expect(Number.isInteger(feedDistanceKm(origin, { latitude: 38.9, longitude: -9.3 }))).toBe(
      true,
    );
  });
});
