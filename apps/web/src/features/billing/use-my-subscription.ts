import { useCallback } from 'react';
import { getErrorMessage } from '../../lib/api-error';
import { useLoad } from '../../lib/use-load';
import { BILLING_MESSAGES, billingApi } from './billing-api';

/**
 * GET /api/payments/subscription: the member's current subscription (data null if none); not
 * asked while `isWanted` is false (a sitter or admin, who cannot subscribe).
 */
export function useMySubscription(isWanted = true) {
  const load = useCallback(async () => {
    try {
      return await billingApi.mySubscription();
    } catch (error) {
      throw new Error(getErrorMessage(error, BILLING_MESSAGES.paidStatusFailed));
    }
  }, []);
  return useLoad(isWanted ? 'my-subscription' : null, load, BILLING_MESSAGES.paidStatusFailed);
}
