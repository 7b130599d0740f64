/**
 * Closing one's own account. The area only orchestrates: each area it touches says what it
 * holds (bookings, disputes) or does its part (users anonymises, auth ends the sessions, billing
 * stops a renewal); nothing imports accounts.
 */
export { accountsRoutes } from './accounts.routes.ts';
