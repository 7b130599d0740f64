// Public surface of the credits feature, for the screens of other features.
export { CreditsCard } from './components/credits-card';
export { GRANT_ERRORS, GRANT_MAX_CENTS, GrantCreditsForm } from './components/grant-credits-form';
export { clampCredits, maxApplicableCredits } from './apply-credits';
export { fetchUserCredits } from './user-credit-slice';
export type { UserCredits } from './credits-api';
