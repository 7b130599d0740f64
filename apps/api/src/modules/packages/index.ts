/**
 * Public surface of the packages area: billing reads a package to sell (getPackage: any package,
 * 404 when missing; check `active` before selling) and the active list.
 */
export { packagesRoutes } from './packages.routes.ts';
export { getPackage, listActivePackages } from './packages.service.ts';
// The demo seed writes packages with fixed dates, without an admin behind them.
export { insertPackage } from './packages.repository.ts';
