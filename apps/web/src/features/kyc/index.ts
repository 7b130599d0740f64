// Public surface of the KYC feature, for the screens of other features.
export { isKycWithdrawn, KycStatusBadge } from './components/kyc-status-badge';
export { KYC_MESSAGES } from './kyc-api';
