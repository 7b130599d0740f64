/** The credits area's public surface: other modules import only from here. */
export {
  CREDITS_CURRENCY,
  formatUsd,
  getBalance,
  refundCredits,
  spendCredits,
} from './credits.service.ts';
export { creditsRoutes } from './credits.routes.ts';
