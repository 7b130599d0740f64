import { MIN_CARD_CENTS } from './billing.ts';

/**
 * The service catalogue: one vocabulary for profiles, sitter rates, bookings and prices.
 * `value` is what is stored and sent; labels (any letter case) are accepted on input too.
 * Overnight services are priced per night, the rest per started hour. `suggestedRateCents` (per
 * unit, in the sitter's currency) prices a service a sitter lists before they set their own rate.
 */
export const SERVICES = [
  { value: 'dog-walking', label: 'Dog walking', unit: 'hour', suggestedRateCents: 2000 },
  { value: 'pet-sitting', label: 'Pet sitting', unit: 'night', suggestedRateCents: 3500 },
  { value: 'boarding', label: 'Boarding', unit: 'night', suggestedRateCents: 4500 },
  { value: 'drop-in-visits', label: 'Drop-in visits', unit: 'hour', suggestedRateCents: 1800 },
  { value: 'house-sitting', label: 'House sitting', unit: 'night', suggestedRateCents: 5000 },
  { value: 'grooming', label: 'Grooming', unit: 'hour', suggestedRateCents: 4000 },
  { value: 'training', label: 'Training', unit: 'hour', suggestedRateCents: 5000 },
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

/** The highest rate a sitter may set for a service, in cents ($100,000). */
export const SERVICE_RATE_MAX_CENTS = 10_000_000;

/**
 * The lowest rate above free, in cents: a card cannot be charged less, so a lower rate would leave owners without credits unable to book an hour or a night.
 */
export const SERVICE_RATE_MIN_CENTS = MIN_CARD_CENTS;
export const SERVICE_RATE_MIN_MESSAGE =
  'A rate is $0 (free) or at least $0.50, the least a card can be charged';

/** The catalogue value for a value or label ("Dog walking" → "dog-walking"); others kept as typed. */
export function normalizeService(name: string): string {
  return byKey.get(squash(name))?.value ?? name.trim();
}

export function serviceLabel(name: string): string {
  return byKey.get(squash(name))?.label ?? name;
}

/** The service as a word inside a sentence ("your dog walking booking"). */
export function serviceWord(name: string): string {
  return serviceLabel(name).toLowerCase();
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

export type RateSource = 'sitter' | 'suggested';
export type EffectiveRate = { cents: number; source: RateSource };

/**
 * What a sitter charges per service: their own rate, else — for a catalogue service they list
 * without one — the catalogue's suggested rate. Services absent here are not offered (a negative
 * own rate also means "not offered").
 */
export function effectiveRates(
  listedServices: readonly string[],
  rates: Record<string, number>,
): Record<string, EffectiveRate> {
  const out: Record<string, EffectiveRate> = {};
  for (const name of listedServices) {
    const entry = byKey.get(squash(name));
    if (entry) out[entry.value] = { cents: entry.suggestedRateCents, source: 'suggested' };
  }
  for (const [name, cents] of Object.entries(normalizeRates(rates))) {
    if (cents >= 0) out[name] = { cents, source: 'sitter' };
    else delete out[name];
  }
  return out;
}

/** The suggested rates a sitter's card shows: listed catalogue services without an own rate. */
export function suggestedRatesFor(
  listedServices: readonly string[],
  rates: Record<string, number>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, rate] of Object.entries(effectiveRates(listedServices, rates)))
    if (rate.source === 'suggested') out[name] = rate.cents;
  return out;
}
