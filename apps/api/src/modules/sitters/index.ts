/*
 * What other areas may use of sitters: keeping the provider location index in step with
 * users.latitude/longitude (every write of a provider's coordinates calls syncProviderLocation in
 * the same transaction), the start-up check, and the hook through which bookings says whether a
 * sitter met an owner (an owner's card is shown to them). Everything else is internal.
 */
export {
  countIndexedLocations,
  ensureProviderLocationIndex,
  rebuildProviderLocationIndex,
  syncProviderLocation,
} from './locations.service.ts';
// Whom an owner's card is shown to: bookings registers how a sitter met an owner.
export { readBookingAcquaintanceWith } from './booking-acquaintance.ts';
