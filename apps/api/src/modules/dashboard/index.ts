/*
 * The dashboard reads other areas and is read by none: it exposes only its routes, which
 * modules/index.ts mounts. Nothing else is public.
 */
export { dashboardRoutes } from './dashboard.routes.ts';
