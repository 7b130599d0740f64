import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { getErrorMessage, isMissingRecord } from '../../../lib/api-error';
import { formatCents } from '../../../lib/money';
import { useCurrentUser } from '../../auth';
import { CreditsCard } from '../../credits';
import {
  BILLING_MESSAGES,
  billingApi,
  type MySubscriptionResponse,
  type PaymentWire,
} from '../billing-api';
import { formatDate } from '../../../lib/dates';

const POLL_MS = 1500;
const MAX_POLLS = 20;

/** The pages a person may look for after paying, or instead of a payment that is not there. */
function NextSteps({ kind }: { kind?: PaymentWire['kind'] }) {
  return (
    <Group>
      <Button
        component={Link}
        to={kind === 'subscription' ? '/user-dashboard' : '/bookings'}
        variant="light"
      >
        {kind === 'subscription' ? 'Go to my dashboard' : 'Go to my bookings'}
      </Button>
      <Anchor component={Link} to="/Settings">
        See your subscription in Settings
      </Anchor>
    </Group>
  );
}

/**
 * /payment-success: where checkout returns with `?paymentId=` (the API's checkout return URL).
 * Success is said only once the API confirms that payment as paid; Stripe's webhook may land a
 * moment after the browser does, so a pending payment is polled until it is settled. Opened
 * without a payment, or for one the API does not know or did not take, the page says so.
 */
export default function PaymentSuccessScreen() {
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId');
  const user = useCurrentUser();
  const [payment, setPayment] = useState<PaymentWire | null>(null);
  const [subscription, setSubscription] = useState<MySubscriptionResponse | null>(null);
  const [error, setError] = useState<{ message: string; missing: boolean } | null>(null);
  const [gaveUp, setGaveUp] = useState(false);

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
        if (p.status === 'pending') {
          if (++polls < MAX_POLLS) timer = setTimeout(() => void tick(), POLL_MS);
          else setGaveUp(true);
          return;
        }
        if (p.status !== 'paid') return;
        notifications.show({
          id: `payment-${p._id}`,
          color: 'green',
          title: 'Payment received',
          message: `${formatCents(p.amountCents, p.currency.toUpperCase())} paid. Thank you!`,
        });
        if (p.kind === 'subscription') {
          // The payment is confirmed; a subscription that cannot be read now takes nothing away.
          const s = await billingApi.mySubscription().catch(() => null);
          if (active) setSubscription(s);
        }
      } catch (e) {
        if (active)
          setError({
            message: getErrorMessage(e, BILLING_MESSAGES.paymentFailed),
            missing: isMissingRecord(e),
          });
      }
    };
    void tick();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [paymentId]);

  const paid = payment?.status === 'paid';
  const settled = payment && payment.status !== 'pending';
  const title = !paymentId
    ? 'No payment to confirm'
    : error?.missing
      ? 'Payment not found'
      : paid
        ? 'Payment successful'
        : settled
          ? 'Payment not completed'
          : 'Confirming your payment';
  usePageTitle(title);

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {!paymentId && (
          <Text>
            This page confirms a payment when you come back from checkout. Your bookings and your
            subscription show what you have paid for.
          </Text>
        )}
        {error &&
          (error.missing ? (
            <Text>We could not find this payment. Nothing was confirmed here.</Text>
          ) : (
            <Alert color="red" role="alert">
              {error.message}
            </Alert>
          ))}
        {paymentId && !settled && !error && !gaveUp && (
          <Stack gap="xs" role="status">
            <Loader aria-label="Confirming your payment" />
            <Text>Confirming your payment…</Text>
          </Stack>
        )}
        {gaveUp && !settled && (
          <Text role="status">
            Your payment is not confirmed yet. It will show in your bookings or subscription once it
            is; no need to pay again.
          </Text>
        )}
        {payment && settled && (
          <Paper withBorder radius="lg" p="xl" component="section" aria-label="Payment">
            <Stack gap="xs" role="status">
              {paid ? (
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
                    ? `, renewing on ${formatDate(subscription.data.currentPeriodEnd)}`
                    : ''}
                  .
                </Text>
              )}
            </Stack>
          </Paper>
        )}
        {user && paid && <CreditsCard userId={user.id} />}
        <NextSteps kind={payment?.kind} />
      </Stack>
    </Container>
  );
}
