/*
 * What other areas may use of KYC: the status the user dashboard shows. KYC itself reads users
 * (flags) and notifications; nothing it imports may import it back.
 */
export { kycRoutes } from './kyc.routes.ts';
export { kycStatusOf } from './kyc.service.ts';
// The demo seed writes records in every status with their documents and conversation.
export {
  insertRecord as insertKycRecord,
  insertDocuments as insertKycDocuments,
  insertMessage as insertKycMessage,
} from './kyc.repository.ts';
