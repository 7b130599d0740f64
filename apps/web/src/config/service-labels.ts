import { SERVICE_OPTIONS } from './services';

const byValue = new Map<string, string>(SERVICE_OPTIONS.map((s) => [s.value, s.label]));
const byLabel = new Map<string, string>(
  SERVICE_OPTIONS.map((s) => [s.label.toLowerCase(), s.value]),
);

/**
 * The canonical value of a service: profiles may hold the value ("dog-walking") or, for older
 * records, the label ("Dog walking"); anything unknown is kept as written.
 */
export function normalizeService(service: string): string {
  const trimmed = service.trim();
  if (byValue.has(trimmed)) return trimmed;
  return byLabel.get(trimmed.toLowerCase()) ?? trimmed;
}

/** What people read for a service value or label. */
export function serviceLabel(service: string): string {
  return byValue.get(normalizeService(service)) ?? service;
}
