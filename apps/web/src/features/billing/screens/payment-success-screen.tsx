import { Alert, Anchor, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { getErrorMessage } from '../../../lib/api-error';
import { formatCents } from '../../../lib/money';
import { useCurrentUser } from '../../auth';
import { CreditsCard } from '../../credits';
import {
  BILLING_MESSAGES,
  billingApi,
  type MySubscriptionResponse,
  type PaymentWire,
} from '../billing-api';

const POLL_MS = 1500;
const MAX_POLLS = 20;

/**
 * /payment-success: Stripe's webhook may land a moment after the browser does, so a pending
 * payment is polled until it is settled.
 */
export default function PaymentSuccessScreen() {
  usePageTitle('Payment successful');
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId');
  const user = useCurrentUser();
  const [payment, setPayment] = useState<PaymentWire | null>(null);
  const [subscription, setSubscription] = useState<MySubscriptionResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!paymentId) return undefined;
    let active = true;
    let polls = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const p = await billingApi.payment(paymentId);
        if (!active) return;
        setPayment(p);
        if (p.status === 'pending' && ++polls < MAX_POLLS) {
          timer = setTimeout(() => void tick(), POLL_MS);
          return;
        }
        if (p.status === 'paid')
          notifications.show({
            id: `payment-${p._id}`,
            color: 'green',
            title: 'Payment received',
            message: `${formatCents(p.amountCents, p.currency.toUpperCase())} paid. Thank you!`,
          });
        if (p.kind === 'subscription') {
          const s = await billingApi.mySubscription();
          if (active) setSubscription(s);
        }
      } catch (e) {
        if (active) setError(getErrorMessage(e, BILLING_MESSAGES.paymentFailed));
      }
    };
    void tick();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [paymentId]);

  const settled = payment && payment.status !== 'pending';
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>Payment successful</Title>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {!paymentId && <Text>Thank you! Your payment went through.</Text>}
        {paymentId && !settled && !error && (
          <Stack gap="xs" role="status">
            <Loader aria-label="Confirming your payment" />
            <Text>Confirming your payment…</Text>
          </Stack>
        )}
        {payment && settled && (
          <Paper withBorder radius="lg" p="xl" component="section" aria-label="Payment">
            <Stack gap="xs" role="status">
              {payment.status === 'paid' ? (
                <Text size="lg" fw={600}>
                  We received {formatCents(payment.amountCents, payment.currency.toUpperCase())}. A
                  receipt is on its way to your inbox.
                </Text>
              ) : (
                <Text size="lg">This payment is {payment.status}.</Text>
              )}
              {subscription?.data && (
                <Text data-testid="subscription-status">
                  Your {subscription.data.packageName} subscription is{' '}
                  {subscription.isPaid ? 'active: you are a paid member' : subscription.data.status}
                  {subscription.data.currentPeriodEnd
                    ? `, renewing on ${new Date(subscription.data.currentPeriodEnd).toLocaleDateString()}`
                    : ''}
                  .
                </Text>
              )}
            </Stack>
          </Paper>
        )}
        {user && settled && <CreditsCard userId={user.id} />}
        <Button
          component={Link}
          to={payment?.kind === 'booking' ? '/bookings' : '/user-dashboard'}
          variant="light"
          w="fit-content"
        >
          {payment?.kind === 'booking' ? 'Go to my bookings' : 'Go to my dashboard'}
        </Button>
        <Anchor component={Link} to="/Settings">
          Manage your subscription in Settings
        </Anchor>
      </Stack>
    </Container>
  );
}
