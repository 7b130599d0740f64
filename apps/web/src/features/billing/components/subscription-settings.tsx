import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '../../../lib/api-error';
import { BILLING_MESSAGES, billingApi, type MySubscriptionResponse } from '../billing-api';
import { useMySubscription } from '../use-my-subscription';
import { formatDate } from '../../../lib/dates';
import { useFocusAfterRender } from '../../../lib/use-focus-after-render';

const RENEWAL_ID = 'subscription-renewal';
const KEEP_ID = 'subscription-keep';
const CANCEL_ID = 'subscription-cancel';

const day = (iso: string | null) => (iso ? formatDate(iso) : 'the end of the period');

/** The Settings section: the member's subscription and "cancel at the end of the period". */
export function SubscriptionSettings() {
  const loaded = useMySubscription();
  const [updated, setUpdated] = useState<MySubscriptionResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Each step takes away the button that was pressed: the focus goes to what replaces it.
  const focusNext = useFocusAfterRender();
  const ask = (next: boolean) => {
    setConfirming(next);
    focusNext(next ? KEEP_ID : CANCEL_ID);
  };
  const state = updated ?? loaded.data;
  const sub = state?.data ?? null;

  const cancel = async () => {
    setBusy(true);
    try {
      setUpdated(await billingApi.cancelAtPeriodEnd());
      setConfirming(false);
      focusNext(RENEWAL_ID);
      notifications.show({
        color: 'green',
        message: `Your subscription will end on ${day(sub?.currentPeriodEnd ?? null)}.`,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        message: getErrorMessage(error, BILLING_MESSAGES.paidStatusFailed),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p="xl"
      aria-labelledby="settings-subscription"
    >
      <Title id="settings-subscription" order={2} size="h3">
        Subscription
      </Title>
      <Stack mt="md" gap="sm">
        {loaded.error && (
          <Alert color="red" role="alert">
            {loaded.error}
          </Alert>
        )}
        {loaded.isLoading && !state && <Loader size="sm" aria-label="Loading your subscription" />}
        {state && !sub && (
          <Text>
            You have no active subscription.{' '}
            <Anchor component={Link} to="/packages">
              See the packages
            </Anchor>
          </Text>
        )}
        {sub && (
          <>
            <Group gap="xs">
              <Text fw={600}>{sub.packageName}</Text>
              <Badge
                color={state?.isPaid ? 'green' : 'gray'}
                variant="light"
                // White on the filled green is below WCAG contrast: dark text on the tint.
                styles={{ label: { color: 'var(--mantine-color-text)' } }}
              >
                {state?.isPaid ? 'Paid' : sub.status}
              </Badge>
            </Group>
            <Text role="status" data-testid="subscription-renewal" id={RENEWAL_ID} tabIndex={-1}>
              {sub.cancelAtPeriodEnd
                ? `Ends on ${day(sub.currentPeriodEnd)}; it will not renew.`
                : `Renews on ${day(sub.currentPeriodEnd)}.`}
            </Text>
            {!sub.cancelAtPeriodEnd &&
              (confirming ? (
                <Group>
                  <Text size="sm">Stop renewing? You keep the paid period.</Text>
                  <Button color="red" loading={busy} onClick={() => void cancel()}>
                    Yes, cancel at period end
                  </Button>
                  <Button id={KEEP_ID} variant="default" onClick={() => ask(false)} disabled={busy}>
                    Keep subscription
                  </Button>
                </Group>
              ) : (
                <Button id={CANCEL_ID} variant="default" w="fit-content" onClick={() => ask(true)}>
                  Cancel subscription
                </Button>
              ))}
          </>
        )}
      </Stack>
    </Paper>
  );
}
