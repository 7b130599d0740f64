// Public surface of the sitters feature, for the screens of other features.
export { sittersApi, type SitterCard, type SitterProfile } from './sitters-api';
export { PetKinds, RatingSummary, ServiceRates, VerifiedBadge } from './components/sitter-badges';
export { offersServices, servicesWithRates } from './format';
