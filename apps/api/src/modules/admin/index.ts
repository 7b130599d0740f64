/*
 * The admin dashboard reads other areas' tables (read-only aggregates) and is read by none: it
 * exposes only its routes, which modules/index.ts mounts.
 */
export { adminDashboardRoutes } from './admin.routes.ts';
