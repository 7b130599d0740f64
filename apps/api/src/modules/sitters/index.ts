/*
 * What other areas may use of sitters: keeping the provider location index in step with
 * users.latitude/longitude (every write of a provider's coordinates calls syncProviderLocation in
 * the same transaction) and the start-up check. Everything else is internal.
 */
export {
  countIndexedLocations,
  ensureProviderLocationIndex,
  rebuildProviderLocationIndex,
  syncProviderLocation,
} from './locations.service.ts';
