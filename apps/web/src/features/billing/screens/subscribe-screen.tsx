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
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { getErrorMessage } from '../../../lib/api-error';
import { formatCents } from '../../../lib/money';
import { getSessionToken } from '../../../lib/session';
import { useLoad } from '../../../lib/use-load';
import {
  formatPackagePrice,
  OwnersOnlyNotice,
  packagesApi,
  PACKAGE_MESSAGES,
  useMaySubscribe,
  type Package,
} from '../../packages';
import { BILLING_MESSAGES, billingApi, type SubscriptionQuote } from '../billing-api';
import { SwitchPlanModal } from '../components/switch-plan-modal';
import { describeCurrentPlan, describeSwitch } from '../lib/plan-change';
import { useMySubscription } from '../use-my-subscription';

/** The package asked for in ?packageId, else the first one on offer. */
async function loadPackage(packageId: string | null): Promise<Package> {
  try {
    if (packageId) return await packagesApi.get(packageId);
    const [first] = await packagesApi.list();
    if (!first) throw new Error('No packages are on offer right now.');
    return first;
  } catch (error) {
    throw new Error(getErrorMessage(error, PACKAGE_MESSAGES.fetchFailed));
  }
}

/** /subscribe: the package, an optional coupon with the price after it, then checkout. */
export default function SubscribeScreen() {
  usePageTitle('Subscribe');
  const maySubscribe = useMaySubscribe();
  const [params] = useSearchParams();
  const packageId = params.get('packageId');
  const load = useCallback(() => loadPackage(packageId), [packageId]);
  const pkg = useLoad(`package:${packageId ?? ''}`, load, PACKAGE_MESSAGES.fetchFailed);
  const [code, setCode] = useState('');
  const [quote, setQuote] = useState<SubscriptionQuote | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'quote' | 'pay' | null>(null);
  // A member who has a plan is told what buying this one does to it, and asked before paying.
  const mine = useMySubscription();
  const current = mine.data?.data ?? null;
  const [isSwitchOpen, switchModal] = useDisclosure(false);

  const applyCoupon = async (p: Package) => {
    setCouponError(null);
    setBusy('quote');
    try {
      setQuote(await billingApi.quote({ packageId: p._id, couponCode: code.trim() || null }));
    } catch (error) {
      setQuote(null);
      setCouponError(getErrorMessage(error, BILLING_MESSAGES.quoteFailed));
    } finally {
      setBusy(null);
    }
  };

  const pay = async (p: Package) => {
    if (!getSessionToken()) {
      notifications.show({ color: 'red', message: BILLING_MESSAGES.missingToken });
      return;
    }
    setBusy('pay');
    try {
      const couponCode = quote?.couponCode ?? (code.trim() || null);
      const { url } = await billingApi.createSubscription({ packageId: p._id, couponCode });
      window.location.assign(url);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Subscription not started',
        message: getErrorMessage(error, BILLING_MESSAGES.createFailed),
      });
      setBusy(null);
    }
  };

  const p = pkg.data;
  const finalCents = quote && p && quote.packageId === p._id ? quote.finalCents : p?.priceCents;
  const payLabel = `Pay ${formatCents(finalCents ?? 0)}`;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>Subscribe</Title>
        {pkg.error && (
          <Alert color="red" role="alert" title="Package unavailable">
            {pkg.error}{' '}
            <Anchor component={Link} to="/packages">
              See all packages
            </Anchor>
          </Alert>
        )}
        {pkg.isLoading && !p && <Loader aria-label="Loading the package" />}
        {!maySubscribe && <OwnersOnlyNotice />}
        {p && maySubscribe && (
          <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby="sub-package">
            <Stack gap="md">
              {current && (
                <Alert title="Your plan" data-testid="current-plan">
                  {describeCurrentPlan(current)} {describeSwitch(current, p)}
                </Alert>
              )}
              <div>
                <Title id="sub-package" order={2} size="h3">
                  {p.name}
                </Title>
                <Text c="dimmed">{p.description}</Text>
                <Text mt="xs">
                  {formatPackagePrice(p)} · {formatCents(p.creditsIncluded)} in booking credits each{' '}
                  {p.interval}
                </Text>
              </div>
              <form
                aria-label="Coupon"
                onSubmit={(e) => {
                  e.preventDefault();
                  void applyCoupon(p);
                }}
              >
                <Group align="flex-end" gap="sm">
                  <TextInput
                    label="Coupon code (optional)"
                    value={code}
                    onChange={(e) => {
                      setCode(e.currentTarget.value);
                      setQuote(null);
                      setCouponError(null);
                    }}
                    error={couponError}
                    autoComplete="off"
                    style={{ flex: 1 }}
                  />
                  <Button
                    type="submit"
                    variant="default"
                    loading={busy === 'quote'}
                    disabled={!code.trim()}
                  >
                    Apply coupon
                  </Button>
                </Group>
              </form>
              <div aria-live="polite">
                {quote && quote.discountCents > 0 && (
                  <Text data-testid="subscribe-discount">
                    Coupon {quote.couponCode}: −{formatCents(quote.discountCents)} on the first{' '}
                    {p.interval}
                  </Text>
                )}
                <Text size="xl" fw={700} data-testid="subscribe-total">
                  Total today: {formatCents(finalCents ?? 0)}
                </Text>
              </div>
              <Button
                size="md"
                onClick={() => (current ? switchModal.open() : void pay(p))}
                loading={busy === 'pay'}
                // Until we know whether the member has a plan to replace (an error lets them on);
                // never for the plan that runs now (its credits come once a period).
                disabled={(mine.isLoading && !mine.data) || current?.packageId === p._id}
              >
                {payLabel}
              </Button>
              <Text size="sm" c="dimmed">
                You can cancel any time in Settings; it ends at the close of the paid period.
              </Text>
            </Stack>
            {current && (
              <SwitchPlanModal
                current={current}
                next={p}
                payLabel={payLabel}
                opened={isSwitchOpen}
                isPaying={busy === 'pay'}
                onClose={switchModal.close}
                onConfirm={() => void pay(p)}
              />
            )}
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
