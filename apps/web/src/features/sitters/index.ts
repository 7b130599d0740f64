// Public surface of the sitters feature, for the screens of other features.
export { sittersApi, type SitterCard, type SitterProfile } from './sitters-api';
export { ServiceRates } from './components/sitter-badges';
export { servicesWithRates } from './format';
