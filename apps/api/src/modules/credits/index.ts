/** The credits area's public surface: other modules import only from here. */
export {
  addCreditsInTransaction,
  CREDITS_CURRENCY,
  formatUsd,
  getBalance,
  refundCredits,
  spendCredits,
} from './credits.service.ts';
export { creditsRoutes } from './credits.routes.ts';
// The demo seed writes grants and spends as they stand, without the service's rules.
export { insertEntry as insertCreditEntry } from './credits.repository.ts';
