import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { forgetAwaitingPayment } from '../lib/awaiting-payment';

/**
 * Back from the payment page (…?payment=success|cancelled&paymentId=…): says how it went once,
 * then drops the query so a reload does not say it again.
 */
export function usePaymentReturnToast(): void {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const outcome = new URLSearchParams(search).get('payment');
    if (outcome !== 'success' && outcome !== 'cancelled') return;
    forgetAwaitingPayment();
    notifications.show(
      outcome === 'success'
        ? {
            color: 'green',
            title: 'Payment received',
            message: 'Your request is on its way to the sitter.',
          }
        : {
            color: 'yellow',
            title: 'Payment cancelled',
            message: 'Nothing was charged and the booking was cancelled.',
          },
    );
    void navigate(pathname, { replace: true });
  }, [navigate, pathname, search]);
}
