import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatCents } from '../../../lib/money';
import { fetchUserCredits } from '../../credits';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { isAdminUser } from '../../../lib/roles';
import { authApi } from '../auth-api';
import { AUTH_MESSAGES } from '../auth-errors';
import { useCurrentUser } from '../hooks/use-current-user';
import { useLogout } from '../hooks/use-logout';

/**
 * Settings' "Close account": the password again in a dialog that says what goes and what stays;
 * the server refuses while bookings, applications or disputes are open and says which. Admin
 * accounts have no such section (the server refuses them too).
 */
export function CloseAccountSection() {
  const user = useCurrentUser();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dispatch = useAppDispatch();
  const userId = user?.id;
  // What is lost is said in figures: the balance as it is when the dialog opens.
  const credits = useAppSelector((state) => (userId ? state.userCredit.byUser[userId] : undefined));
  useEffect(() => {
    if (open && userId) void dispatch(fetchUserCredits(userId));
  }, [dispatch, open, userId]);

  if (!user || isAdminUser(user)) return null;

  const dismiss = () => {
    if (busy) return;
    setOpen(false);
    setPassword('');
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Enter your password');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await authApi.closeAccount({ password });
      // Every session of the account has ended on the server: nothing to tell it on the way out.
      notifications.show({ color: 'green', message: AUTH_MESSAGES.accountClosed });
      await logout({ serverDone: true, to: paths.home });
    } catch (caught) {
      setError(getErrorMessage(caught, AUTH_MESSAGES.closeAccountFailed));
      setBusy(false);
    }
  };

  return (
    <Paper component="section" withBorder radius="lg" p="xl" aria-labelledby="settings-close">
      <Title id="settings-close" order={2} size="h3">
        Close account
      </Title>
      <Text c="dark.6" size="sm" mt={4} mb="md">
        Leave Pawsy for good. Bookings, applications and disputes still open must be settled first.
      </Text>
      <Button variant="outline" color="red.8" onClick={() => setOpen(true)}>
        Close my account
      </Button>
      <Modal opened={open} onClose={dismiss} title="Close your account?" centered>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Close account">
          <Stack>
            <List size="sm" spacing={4}>
              <List.Item>
                Your name, contact details, address, photo and profile are removed, and you can no
                longer log in.
              </List.Item>
              <List.Item>
                Past bookings, reviews and messages stay for the other people in them, shown as from
                a former member.
              </List.Item>
              <List.Item>
                {credits && credits.balance > 0
                  ? `The ${formatCents(credits.balance, credits.currency)} of credits left on the account are lost`
                  : 'Credits left on the account are lost'}
                ; a subscription stops renewing.
              </List.Item>
              <List.Item>
                This cannot be undone. You may sign up again with the same email.
              </List.Item>
            </List>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <PasswordInput
              label="Your password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setError(null);
              }}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={dismiss} disabled={busy}>
                Keep my account
              </Button>
              <Button type="submit" color="red.8" loading={busy}>
                Close account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
