import { Stack, Switch, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { MEMBER_MESSAGES, membersApi, type MemberDetail, type UserFlagsBody } from '../members-api';

const FLAGS = [
  { key: 'is_verified', label: 'Verified member' },
  { key: 'KYC_verified', label: 'KYC verified' },
  { key: 'is_paid', label: 'Paid subscription' },
] as const;

/** The three admin-set flags as switches; each change is saved at once and audited. */
export function MemberFlags({
  member,
  onChanged,
}: {
  member: MemberDetail['member'];
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState<keyof UserFlagsBody | null>(null);

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
      {FLAGS.map((f) => (
        <Switch
          key={f.key}
          label={f.label}
          checked={member[f.key]}
          disabled={busy !== null}
          onChange={(e) => void toggle(f.key, e.currentTarget.checked)}
        />
      ))}
    </Stack>
  );
}
