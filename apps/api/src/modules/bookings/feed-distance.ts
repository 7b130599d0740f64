type Point = { latitude: number; longitude: number };

/** Great-circle distance in km (haversine). */
export function distanceKm(a: Point, b: Point): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A point snapped to a 0.01° grid (~1 km): close enough to sort by, too coarse to find a door. */
export const roundToGrid = (p: Point): Point => ({
  latitude: Math.round(p.latitude * 100) / 100,
  longitude: Math.round(p.longitude * 100) / 100,
});

/**
 * What a sitter's feed shows of the distance to an owner: whole km from the owner's point rounded
 * to the grid, so repeated queries from moved origins cannot triangulate the exact address.
 */
export const feedDistanceKm = (origin: Point, owner: Point): number =>
  Math.round(distanceKm(origin, roundToGrid(owner)));
