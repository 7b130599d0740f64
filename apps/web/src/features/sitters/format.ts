/** Integer cents → "$25" / "$25.50" in the given currency. */
export function formatRate(cents: number, currency = 'USD'): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

export function formatDistance(km: number): string {
  return km < 1 ? 'Less than 1 km away' : `${km.toFixed(km < 10 ? 1 : 0)} km away`;
}

export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/** Services of a profile with their rate when set (rates may be keyed by value or label). */
/** Whether a sitter lists anything to book (a service, or a rate of one). */
export const offersServices = (sitter: {
  primary_services: string[];
  service_rates: Record<string, number>;
}) => servicesWithRates(sitter.primary_services, sitter.service_rates).length > 0;

export function servicesWithRates(
  services: string[],
  rates: Record<string, number>,
): { service: string; cents: number | null }[] {
  const list = services.length > 0 ? services : Object.keys(rates);
  return list.map((service) => ({ service, cents: rates[service] ?? null }));
}
