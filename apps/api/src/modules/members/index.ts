/** Public surface of the members area (the admin's member list and member page). */
export { membersRoutes } from './members.routes.ts';
