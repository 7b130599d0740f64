import { Alert, Button, Group, Text } from '@mantine/core';

/**
 * Said above a request form filled in from a saved draft (an earlier, unfinished request for
 * the same sitter), so it does not come back unannounced; "Start over" gives the fresh form.
 */
export function RestoredDraftNotice({ onStartOver }: { onStartOver: () => void }) {
  return (
    <Alert color="blue" variant="light" mt="lg" role="status" p="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">Your unfinished request is filled in again.</Text>
        <Button size="compact-sm" variant="default" onClick={onStartOver}>
          Start over
        </Button>
      </Group>
    </Alert>
  );
}
