import { Button, Group, NumberInput, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { getErrorMessage, isShownByFields, serverFieldErrors } from '../../../lib/api-error';
import { formatCents } from '../../../lib/money';
import { CREDIT_MESSAGES, creditsApi } from '../credits-api';

/** The API's most per grant (the contract's grantCreditsBody: 1 000 000 cents). */
export const GRANT_MAX_CENTS = 1_000_000;

export const GRANT_ERRORS = {
  amount: 'Enter an amount of at least $0.01',
  amountMax: `Enter at most ${formatCents(GRANT_MAX_CENTS)} per grant`,
  reason: 'Enter a reason for the grant',
} as const;

/** The form's own fields, where the API's refusals of them are shown. */
const FORM_FIELDS = ['amount', 'reason'];

/** The typed dollars judged as typed, in the form's words (dollars, never cents). */
function amountError(cents: number): string | undefined {
  if (!Number.isFinite(cents) || cents < 1) return GRANT_ERRORS.amount;
  if (cents > GRANT_MAX_CENTS) return GRANT_ERRORS.amountMax;
  return undefined;
}

/** Admins: grant credits (dollars in the form, cents on the wire) with a reason. */
export function GrantCreditsForm({
  userId,
  onGranted,
  defaultReason = '',
}: {
  userId: string;
  onGranted: (balance: number) => void;
  /** The reason the form starts with (a dispute's page names the dispute). */
  defaultReason?: string;
}) {
  const [dollars, setDollars] = useState<number | string>('');
  const [reason, setReason] = useState(defaultReason);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The typed value is checked as typed: the field never clamps it, so -20 is refused here
    // instead of becoming a one-cent grant.
    const amount = dollars === '' ? NaN : Math.round(Number(dollars) * 100);
    const found = {
      amount: amountError(amount),
      reason: reason.trim() ? undefined : GRANT_ERRORS.reason,
    };
    setErrors(found);
    if (found.amount || found.reason) return;
    setBusy(true);
    try {
      const { data } = await creditsApi.grant({ userId, amount, reason: reason.trim() });
      notifications.show({ color: 'green', message: `Granted ${formatCents(amount)} in credits` });
      setDollars('');
      setReason(defaultReason);
      onGranted(data.data.balance);
    } catch (error) {
      // A refusal of the form's own fields is shown under them, not as "amount: …" in a toast.
      const fieldErrors = serverFieldErrors(error);
      if (isShownByFields(fieldErrors, FORM_FIELDS))
        setErrors({ amount: fieldErrors.amount, reason: fieldErrors.reason });
      else
        notifications.show({
          color: 'red',
          message: getErrorMessage(error, CREDIT_MESSAGES.addFailed),
        });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Grant credits">
      <Group align="flex-end" wrap="wrap">
        <NumberInput
          label="Amount (USD)"
          description={`Up to ${formatCents(GRANT_MAX_CENTS)}`}
          min={0.01}
          max={GRANT_MAX_CENTS / 100}
          clampBehavior="none"
          // No spinner buttons: an amount is typed, and they are unnamed buttons in the page.
          hideControls
          step={1}
          decimalScale={2}
          value={dollars}
          onChange={(v) => {
            setDollars(v);
            setErrors((e) => ({ ...e, amount: undefined }));
          }}
          error={errors.amount}
          withAsterisk
        />
        <TextInput
          label="Reason"
          value={reason}
          maxLength={200}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setErrors((prev) => ({ ...prev, reason: undefined }));
          }}
          error={errors.reason}
          withAsterisk
        />
        <Button type="submit" loading={busy}>
          Grant credits
        </Button>
      </Group>
    </form>
  );
}
