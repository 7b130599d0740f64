import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { getErrorMessage } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/use-zod-form';
import { authApi } from '../auth-api';
import { AUTH_MESSAGES } from '../auth-errors';
import { changePasswordSchema } from '../auth-schemas';
import { SubscriptionSettings } from '../../billing';
import { CloseAccountSection } from '../components/close-account-section';
import { EmailNotificationsSlot } from '../components/email-notifications-slot';
import { useLogout } from '../hooks/use-logout';
import { useCurrentUser } from '../hooks/use-current-user';
import { isAdminUser, isProviderUser } from '../../../lib/roles';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export default function SettingsScreen() {
  usePageTitle('Settings');
  const logout = useLogout();
  const user = useCurrentUser();
  const isOwner = user !== null && !isAdminUser(user) && !isProviderUser(user);
  const form = useZodForm(changePasswordSchema, EMPTY);
  const [result, setResult] = useState<{ type: 'success' | 'error'; message: string } | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const sendPassword = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setSubmitting(true);
    try {
      const { data } = await authApi.updatePassword({ currentPassword, newPassword });
      setResult({ type: 'success', message: data?.message ?? 'Your password has been updated.' });
      form.reset();
    } catch (error) {
      setResult({
        type: 'error',
        message: getErrorMessage(error, AUTH_MESSAGES.updatePasswordFailed),
      });
    } finally {
      setSubmitting(false);
    }
  });
  // The server's answer is about the attempt that was sent: a new attempt, even one the form
  // refuses ("Passwords do not match"), or a change to a field makes a refusal out of date.
  const changePassword = (event: FormEvent) => {
    setResult(null);
    sendPassword(event);
  };
  const passwordInput = (key: keyof typeof EMPTY) => {
    const props = form.textInput(key);
    return {
      ...props,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setResult((current) => (current?.type === 'error' ? null : current));
        props.onChange(event);
      },
    };
  };

  return (
    <Container size="sm" py={{ base: 32, sm: 56 }}>
      <Title order={1}>Settings</Title>
      <Stack mt="xl" gap="xl">
        <Paper
          component="section"
          withBorder
          radius="lg"
          p="xl"
          aria-labelledby="settings-password"
        >
          <Title id="settings-password" order={2} size="h3">
            Change password
          </Title>
          <Text c="dark.6" size="sm" mt={4}>
            Other devices signed in to your account are logged out when you change it.
          </Text>
          <form onSubmit={changePassword} noValidate aria-label="Change password">
            <Stack mt="md">
              {result && (
                <Alert
                  color={result.type === 'success' ? 'pawsy' : 'red'}
                  role={result.type === 'success' ? 'status' : 'alert'}
                >
                  {result.message}
                </Alert>
              )}
              <PasswordInput
                label="Current password"
                autoComplete="current-password"
                required
                {...passwordInput('currentPassword')}
              />
              <PasswordInput
                label="New password"
                description="At least 8 characters"
                autoComplete="new-password"
                required
                {...passwordInput('newPassword')}
              />
              <PasswordInput
                label="Confirm new password"
                autoComplete="new-password"
                required
                {...passwordInput('confirmPassword')}
              />
              <Button type="submit" loading={isSubmitting} w="fit-content">
                Update password
              </Button>
            </Stack>
          </form>
        </Paper>

        <Paper
          component="section"
          withBorder
          radius="lg"
          p="xl"
          aria-labelledby="settings-notifications"
        >
          <Title id="settings-notifications" order={2} size="h3" mb="sm">
            Notifications
          </Title>
          <EmailNotificationsSlot />
        </Paper>

        {/* Packages are for pet owners: sitters and admins have no subscription to manage. */}
        {isOwner && <SubscriptionSettings />}

        <Paper component="section" withBorder radius="lg" p="xl" aria-labelledby="settings-session">
          <Title id="settings-session" order={2} size="h3">
            Session
          </Title>
          <Text c="dark.6" size="sm" mt={4} mb="md">
            Log out of Pawsy on this device.
          </Text>
          <Button
            variant="outline"
            color="red.8"
            leftSection={<IconLogout size={16} aria-hidden="true" />}
            onClick={() => void logout()}
          >
            Log out
          </Button>
        </Paper>

        <CloseAccountSection />
      </Stack>
    </Container>
  );
}
