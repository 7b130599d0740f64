/*
 * What other areas may use of users: a new account row (signup, admin bootstrap, seeders), the
 * own-profile wire mapping, and a live user's row. Everything else is internal.
 */
export { newUserRow } from './user-row.ts';
export { toUserWire, type UserRow } from './user-wire.ts';
export { getUser } from './users.service.ts';
