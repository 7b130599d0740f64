/*
 * What other areas may use of users: a live user's row. (A new account row and the own-account
 * wire are in lib/user-row.ts and lib/user-wire.ts: auth needs them too, and auth may not import
 * users, which notifies through notifications, which checks sessions through auth.)
 */
export {
  anonymiseAccount,
  getUser,
  setIdentityFlags,
  setPaidFlag,
  setUserFlags,
} from './users.service.ts';
// The demo seed writes accounts directly and asks whether the database is still empty.
export { findUserIdByEmail, hasNonAdminUser, insertUsers } from './users.repository.ts';
// Messages meant for "the admins" (contact form, a member's KYC note) go to each of them.
export { listAdminRecipients } from './users.repository.ts';
