import { useCallback } from 'react';
import { getErrorMessage } from '../../lib/api-error';
import { useLoad } from '../../lib/use-load';
import { BILLING_MESSAGES, billingApi } from './billing-api';

/** GET /api/payments/subscription: the member's current subscription (data null if none). */
export function useMySubscription() {
  const load = useCallback(async () => {
    try {
      return await billingApi.mySubscription();
    } catch (error) {
      throw new Error(getErrorMessage(error, BILLING_MESSAGES.paidStatusFailed));
    }
  }, []);
  return useLoad('my-subscription', load, BILLING_MESSAGES.paidStatusFailed);
}
