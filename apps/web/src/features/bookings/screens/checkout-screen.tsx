import {
  Alert,
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { paths, toPath } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { clampCredits, CreditsCard } from '../../credits';
import { createBooking, draftCreditsChosen } from '../booking-slice';
import { bookingsApi, type Quote } from '../bookings-api';
import { ApplyCreditsField } from '../components/apply-credits-field';
import { PriceBreakdown } from '../components/price-breakdown';
import { useCurrentUser } from '../../auth';
import { useLoad } from '../../../lib/use-load';
import { formatDateRange } from '../lib/booking-format';
import { requestFormPath } from '../lib/request-form-model';
import { bookingAwaitingPayment, rememberAwaitingPayment } from '../lib/awaiting-payment';
import { formatCents } from '../../../lib/money';
import { CANCELLATION_POLICY, cardPartIssue, serviceLabel } from '@pawsy/contract';

const QUOTE_FAILED = 'Failed to fetch booking';
const SITTER_BUSY = 'The sitter is not free for these dates.';

export default function CheckoutScreen() {
  usePageTitle('Checkout');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const draft = useAppSelector((state) => state.booking.draft);
  const { status, error } = useAppSelector((state) => state.booking);
  const balance = useAppSelector((state) =>
    user ? (state.userCredit.byUser[user.id]?.balance ?? 0) : 0,
  );
  // Kept in the persisted draft: a reload of checkout keeps the credits chosen.
  const { applying: isApplying, cents: requested } = draft?.credits ?? {
    applying: false,
    cents: 0,
  };
  const chooseCredits = (applying: boolean, cents: number) =>
    dispatch(draftCreditsChosen({ applying, cents }));

  const quoteKey = draft?.providerId
    ? `${draft.providerId}|${draft.service}|${draft.startDate}|${draft.endDate}`
    : null;
  const loadQuote = useCallback(async (): Promise<Quote> => {
    if (!draft?.providerId) throw new Error(QUOTE_FAILED);
    try {
      const { data } = await bookingsApi.quote({
        provider_id: draft.providerId,
        service: draft.service,
        startDate: draft.startDate,
        endDate: draft.endDate,
      });
      return data.data;
    } catch (err) {
      throw new Error(getErrorMessage(err, QUOTE_FAILED));
    }
  }, [draft]);
  const quote = useLoad(quoteKey, loadQuote, QUOTE_FAILED);

  if (!draft || !user) {
    // Back from the payment page: the draft became a booking that waits for its payment.
    const awaitingId = user ? bookingAwaitingPayment(user.id) : null;
    return (
      <Container size="sm" py="xl">
        <Title order={1}>Checkout</Title>
        <Paper withBorder radius="lg" p="lg" mt="lg">
          {awaitingId ? (
            <>
              <Text>Your booking request was created and waits for payment.</Text>
              <Button
                component={Link}
                to={toPath(paths.bookingDetails, { id: awaitingId })}
                mt="md"
              >
                Open the booking
              </Button>
            </>
          ) : (
            <>
              <Text>There is no booking request to check out.</Text>
              <Button component={Link} to={paths.requestForm} mt="md">
                Request a sitter
              </Button>
            </>
          )}
        </Paper>
      </Container>
    );
  }

  const price = quote.data?.amountCents ?? 0;
  const credits = isApplying ? clampCredits(requested, balance, price) : 0;

  const confirm = async () => {
    const result = await dispatch(createBooking({ draft, creditsToApply: credits }));
    if (createBooking.fulfilled.match(result)) {
      const { booking, failedInvites } = result.payload;
      // The rest is paid on the gateway's checkout page, which comes back to the booking.
      if (booking.payment.status === 'awaiting' && booking.payment.checkoutUrl) {
        rememberAwaitingPayment(booking._id, user.id);
        window.location.assign(booking.payment.checkoutUrl);
        return;
      }
      void navigate(toPath(paths.bookingDetails, { id: booking._id }), {
        state: { failedInvites },
      });
    }
  };

  const invitations = draft.inviteProviderIds.length;
  // The sitter is not free then (away, booked, outside their hours): said before anything is paid.
  const busy = quote.data?.available === false ? (quote.data.conflict ?? SITTER_BUSY) : null;
  const cardCents = draft.providerId && quote.data ? Math.max(0, price - credits) : 0;
  return (
    <Container size="md" py="xl">
      <Title order={1}>Checkout</Title>
      <Grid mt="lg" gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Paper
              withBorder
              radius="lg"
              p="lg"
              component="section"
              aria-labelledby="summary-title"
            >
              <Title id="summary-title" order={2} size="h4">
                {serviceLabel(draft.service)}
              </Title>
              <Text mt={4}>{formatDateRange(draft.startDate, draft.endDate)}</Text>
              {busy && (
                <Alert color="red" role="alert" mt="sm" title="The sitter is not free then">
                  <Text size="sm">{busy}</Text>
                  <Anchor component={Link} to={requestFormPath(draft)} size="sm">
                    Change the dates
                  </Anchor>
                </Alert>
              )}
              <Text size="sm" c="dimmed">
                {draft.pets.length} pet{draft.pets.length === 1 ? '' : 's'}
                {draft.providerId
                  ? ' · sent to the sitter you chose'
                  : invitations
                    ? ` · sent to ${invitations} sitter${invitations === 1 ? '' : 's'}`
                    : ' · open to sitters nearby'}
              </Text>
              {draft.notes && (
                <Text size="sm" mt="xs">
                  {draft.notes}
                </Text>
              )}
            </Paper>
            <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="price-title">
              <Title id="price-title" order={2} size="h4" mb="sm">
                Price
              </Title>
              {!draft.providerId ? (
                <Text size="sm">
                  The price is set from the rate of the sitter who accepts. Credits can be applied
                  when you request a sitter directly.
                </Text>
              ) : quote.isLoading && !quote.data ? (
                <Skeleton height={80} aria-label="Loading price" />
              ) : quote.error ? (
                <Alert color="red" role="alert">
                  {quote.error}
                </Alert>
              ) : quote.data ? (
                <Stack>
                  <PriceBreakdown {...quote.data} creditsCents={credits} />
                  <ApplyCreditsField
                    balanceCents={balance}
                    priceCents={price}
                    currency={quote.data.currency}
                    isOn={isApplying}
                    onToggle={(on) =>
                      chooseCredits(
                        on,
                        on ? clampCredits(Number.MAX_SAFE_INTEGER, balance, price) : 0,
                      )
                    }
                    requestedCents={credits}
                    onRequestedChange={(cents) => chooseCredits(true, cents)}
                  />
                </Stack>
              ) : null}
            </Paper>
            <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="policy-title">
              <Title id="policy-title" order={2} size="h4">
                Cancellation policy
              </Title>
              <Text size="sm" mt="xs">
                {CANCELLATION_POLICY}
              </Text>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <CreditsCard userId={user.id} />
            {status === 'failed' && error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group>
              <Button variant="default" component={Link} to={requestFormPath(draft)}>
                Back
              </Button>
              <Button
                onClick={() => void confirm()}
                loading={status === 'pending'}
                disabled={
                  (Boolean(draft.providerId) && !quote.data) ||
                  busy !== null ||
                  cardPartIssue(price, credits) !== null
                }
              >
                {cardCents > 0
                  ? `Pay ${formatCents(cardCents, quote.data?.currency)} by card`
                  : 'Confirm booking'}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
