import { Button, Group, NumberInput, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { formatCents } from '../../../lib/money';
import { CREDIT_MESSAGES, creditsApi } from '../credits-api';

export const GRANT_ERRORS = {
  amount: 'Enter an amount of at least $0.01',
  reason: 'Enter a reason for the grant',
} as const;

/** Admins: grant credits (dollars in the form, cents on the wire) with a reason. */
export function GrantCreditsForm({
  userId,
  onGranted,
}: {
  userId: string;
  onGranted: (balance: number) => void;
}) {
  const [dollars, setDollars] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The typed value is checked as typed: the field never clamps it, so -20 is refused here
    // instead of becoming a one-cent grant.
    const amount = dollars === '' ? NaN : Math.round(Number(dollars) * 100);
    const found = {
      amount: Number.isFinite(amount) && amount >= 1 ? undefined : GRANT_ERRORS.amount,
      reason: reason.trim() ? undefined : GRANT_ERRORS.reason,
    };
    setErrors(found);
    if (found.amount || found.reason) return;
    setBusy(true);
    try {
      const { data } = await creditsApi.grant({ userId, amount, reason: reason.trim() });
      notifications.show({ color: 'green', message: `Granted ${formatCents(amount)} in credits` });
      setDollars('');
      setReason('');
      onGranted(data.data.balance);
    } catch (error) {
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
          min={0.01}
          clampBehavior="none"
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
