/** Mean Earth radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

export type LatLng = { latitude: number; longitude: number };
export type Box = { minLat: number; maxLat: number; minLng: number; maxLng: number };

/**
 * The haversine's squared half-chord for a great-circle distance of `km`: a point is within `km`
 * exactly when its half-chord is at most this.
 */
export function halfChordWithin(km: number): number {
  return Math.sin(Math.min(km / EARTH_RADIUS_KM, Math.PI) / 2) ** 2;
}

/** Great-circle distance, km, from the haversine's squared half-chord (0 ≤ h ≤ 1). */
export function halfChordKm(h: number): number {
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(Math.max(0, h))));
}

/** Slack (degrees) so float rounding in an index never drops a point on the box edge. */
const EPS = 1e-4;

/**
 * Boxes (lat/lng degrees) that together cover every point within `radiusKm` of `center`: the
 * circle's exact latitude span and its widest longitude span (asin(sin δ / cos φ)), split in two
 * across the antimeridian and widened to all longitudes when the circle reaches a pole.
 */
export function boundingBoxes(center: LatLng, radiusKm: number): Box[] {
  const delta = radiusKm / EARTH_RADIUS_KM;
  const minLat = center.latitude - deg(delta) - EPS;
  const maxLat = center.latitude + deg(delta) + EPS;
  const latBounds = { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90) };
  const ratio = Math.sin(delta) / Math.cos(rad(center.latitude));
  if (delta >= Math.PI / 2 || minLat <= -90 || maxLat >= 90 || ratio >= 1) {
    return [{ ...latBounds, minLng: -180, maxLng: 180 }];
  }
  const dLng = deg(Math.asin(ratio)) + EPS;
  const minLng = center.longitude - dLng;
  const maxLng = center.longitude + dLng;
  if (minLng < -180) {
    return [
      { ...latBounds, minLng: minLng + 360, maxLng: 180 },
      { ...latBounds, minLng: -180, maxLng },
    ];
  }
  if (maxLng > 180) {
    return [
      { ...latBounds, minLng, maxLng: 180 },
      { ...latBounds, minLng: -180, maxLng: maxLng - 360 },
    ];
  }
  return [{ ...latBounds, minLng, maxLng }];
}

export const roundTo = (value: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};
