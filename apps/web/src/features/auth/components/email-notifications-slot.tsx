import { Alert, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectProfile, updateProfile, useFreshProfile } from '../../profile';

type Result = { type: 'success' | 'error'; message: string } | null;

/**
 * The profile's `email_notification` switch in /Settings: read from the profile, saved right
 * away with PUT /api/user/update-profile (multipart, this one field).
 */
export function EmailNotificationsSlot() {
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectProfile);
  const loadError = useAppSelector((s) => s.profile.error);
  const isFetched = useFreshProfile();
  const [isSaving, setSaving] = useState(false);
  const [result, setResult] = useState<Result>(null);

  const toggle = async (checked: boolean) => {
    setSaving(true);
    setResult(null);
    const form = new FormData();
    form.append('email_notification', String(checked));
    const outcome = await updateProfile(dispatch, form);
    setSaving(false);
    setResult(
      outcome.ok
        ? {
            type: 'success',
            message: checked ? 'Email notifications are on.' : 'Email notifications are off.',
          }
        : { type: 'error', message: outcome.message },
    );
  };

  if (!profile && !isFetched) return <Skeleton h={28} w={280} aria-label="Loading preferences" />;
  if (!profile) {
    return (
      <Alert color="red" role="alert">
        {loadError ?? 'Failed to fetch profile'}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Switch
        label="Email me about bookings, messages and account updates"
        description="In-app notifications (the bell) are always on."
        checked={profile.email_notification}
        disabled={isSaving}
        onChange={(event) => void toggle(event.currentTarget.checked)}
      />
      {result && (
        <Text
          size="sm"
          c={result.type === 'success' ? 'pawsy.8' : 'red.8'}
          role={result.type === 'success' ? 'status' : 'alert'}
        >
          {result.message}
        </Text>
      )}
    </Stack>
  );
}
