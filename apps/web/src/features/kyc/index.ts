// Public surface of the KYC feature, for the screens of other features.
export { KycStatusBadge } from './components/kyc-status-badge';
export { KYC_MESSAGES } from './kyc-api';
