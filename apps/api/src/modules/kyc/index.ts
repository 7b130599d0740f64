/*
 * What other areas may use of KYC: the status the user dashboard shows, and whether documents
 * wait for review (the profile keeps the identity under review unchanged). KYC itself reads users
 * (flags) and notifications; nothing it imports may import it back.
 */
export { kycRoutes } from './kyc.routes.ts';
export { hasPendingKyc, kycStatusOf } from './kyc.service.ts';
// The demo seed writes records in every status with their documents and conversation.
export {
  insertRecord as insertKycRecord,
  insertDocuments as insertKycDocuments,
  insertMessage as insertKycMessage,
} from './kyc.repository.ts';
