import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while a lazily loaded screen arrives. */
export function ScreenLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center mih={320} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader aria-hidden="true" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
