import { Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useCurrentUser } from '../../auth';
import { getErrorMessage } from '../../../lib/api-error';
import { MEMBER_MESSAGES, membersApi, type MemberDetail, type UserFlagsBody } from '../members-api';

const FLAGS = [
  { key: 'is_verified', label: 'Verified member' },
  { key: 'KYC_verified', label: 'KYC verified' },
  { key: 'is_paid', label: 'Paid subscription' },
] as const;

/** Switching a badge off is seen by others and tells the member: the admin confirms it first. */
const WITHDRAWALS: Partial<Record<keyof UserFlagsBody, string>> = {
  is_verified: 'The member loses the Verified badge on their card and is told so.',
  KYC_verified:
    'The member loses the "ID verified" badge on their card and is told so; their KYC record reads "Verification withdrawn" until they send documents again.',
  is_paid:
    'The member is no longer marked as paid and is told so. A subscription they hold is not cancelled: it renews or ends as before.',
};

/**
 * The three admin-set flags as switches; each change is saved and audited, switching a badge off
 * once the admin confirms it.
 */
export function MemberFlags({
  member,
  onChanged,
}: {
  member: MemberDetail['member'];
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState<keyof UserFlagsBody | null>(null);
  // The API refuses an admin's change of their own flags: the switches say so instead of failing.
  const isSelf = useCurrentUser()?.id === member._id;
  const [withdrawing, setWithdrawing] = useState<(typeof FLAGS)[number] | null>(null);

  async function toggle(key: keyof UserFlagsBody, value: boolean) {
    setBusy(key);
    try {
      await membersApi.setFlags(member._id, { [key]: value });
      notifications.show({ color: 'green', message: MEMBER_MESSAGES.updated });
      onChanged();
    } catch (error) {
      const fallback = key === 'is_paid' ? MEMBER_MESSAGES.paidFailed : MEMBER_MESSAGES.flagsFailed;
      notifications.show({ color: 'red', message: getErrorMessage(error, fallback) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="flags-title">
      <Title id="flags-title" order={2} size="h4">
        Flags
      </Title>
      {isSelf && (
        <Text size="sm" c="dark.6">
          Another admin must change your own flags.
        </Text>
      )}
      {FLAGS.map((f) => (
        <Switch
          key={f.key}
          label={f.label}
          checked={member[f.key]}
          disabled={isSelf}
          // Not disabled while a change is saved: a disabled switch drops the keyboard focus.
          aria-busy={busy === f.key || undefined}
          onChange={(e) => {
            if (busy !== null) return;
            const on = e.currentTarget.checked;
            if (!on && WITHDRAWALS[f.key]) setWithdrawing(f);
            else void toggle(f.key, on);
          }}
        />
      ))}
      <ConfirmDialog
        opened={withdrawing !== null}
        title={withdrawing ? `Switch off "${withdrawing.label}"?` : 'Switch off'}
        keepLabel="Keep it on"
        confirmLabel="Switch off"
        destructive
        onClose={() => setWithdrawing(null)}
        onConfirm={() => {
          if (withdrawing) void toggle(withdrawing.key, false);
          setWithdrawing(null);
        }}
      >
        {withdrawing ? WITHDRAWALS[withdrawing.key] : null}
      </ConfirmDialog>
    </Stack>
  );
}
