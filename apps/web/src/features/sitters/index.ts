// Public surface of the sitters feature, for the screens of other features.
export { sittersApi, type SitterCard, type SitterProfile } from './sitters-api';
export { PetKinds, ServiceRates, VerifiedBadge } from './components/sitter-badges';
export { servicesWithRates } from './format';
