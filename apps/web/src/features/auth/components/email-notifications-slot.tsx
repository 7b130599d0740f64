import { Text } from '@mantine/core';

/**
 * Settings slot for the email-notifications switch (profile's `email_notification`); the
 * notifications feature replaces this placeholder.
 */
export function EmailNotificationsSlot() {
  return (
    <Text c="dimmed" size="sm">
      Email notification preferences will appear here soon.
    </Text>
  );
}
