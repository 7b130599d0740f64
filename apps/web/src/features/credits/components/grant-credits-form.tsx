import { Button, Group, NumberInput, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { formatCents } from '../../../lib/money';
import { CREDIT_MESSAGES, creditsApi } from '../credits-api';

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

  async function submit(event: FormEvent) {
    event.preventDefault();
    const amount = Math.round(Number(dollars) * 100);
    if (!Number.isFinite(amount) || amount <= 0 || !reason.trim()) return;
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
          step={1}
          decimalScale={2}
          value={dollars}
          onChange={setDollars}
          required
        />
        <TextInput
          label="Reason"
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.currentTarget.value)}
          required
        />
        <Button type="submit" loading={busy}>
          Grant credits
        </Button>
      </Group>
    </form>
  );
}
