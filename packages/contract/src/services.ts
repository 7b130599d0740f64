/**
 * The service catalogue: one vocabulary for profiles, sitter rates, bookings and prices.
 * `value` is what is stored and sent; labels (any letter case) are accepted on input too.
 * Overnight services are priced per night, the rest per started hour.
 */
export const SERVICES = [
  { value: 'dog-walking', label: 'Dog walking', unit: 'hour' },
  { value: 'pet-sitting', label: 'Pet sitting', unit: 'night' },
  { value: 'boarding', label: 'Boarding', unit: 'night' },
  { value: 'drop-in-visits', label: 'Drop-in visits', unit: 'hour' },
  { value: 'house-sitting', label: 'House sitting', unit: 'night' },
  { value: 'grooming', label: 'Grooming', unit: 'hour' },
  { value: 'training', label: 'Training', unit: 'hour' },
] as const;

export type ServiceValue = (typeof SERVICES)[number]['value'];
export type ServiceUnit = 'night' | 'hour';

const squash = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
const byKey = new Map<string, (typeof SERVICES)[number]>();
for (const s of SERVICES) {
  byKey.set(squash(s.value), s);
  byKey.set(squash(s.label), s);
}

/** The catalogue value for a value or label ("Dog walking" → "dog-walking"); others kept as typed. */
export function normalizeService(name: string): string {
  return byKey.get(squash(name))?.value ?? name.trim();
}

export function serviceLabel(name: string): string {
  return byKey.get(squash(name))?.label ?? name;
}

export function serviceUnit(name: string): ServiceUnit {
  return byKey.get(squash(name))?.unit ?? 'hour';
}

/** Rates keyed by catalogue values; when two keys name the same service the last one wins. */
export function normalizeRates(rates: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, cents] of Object.entries(rates)) out[normalizeService(name)] = cents;
  return out;
}
