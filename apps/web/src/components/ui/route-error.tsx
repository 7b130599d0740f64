import { Button, Container, Stack, Text, Title } from '@mantine/core';

/** Shown when a screen fails to load (e.g. a chunk timed out) instead of a blank page. */
export function RouteError() {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center">
        <Title order={1}>This page could not be loaded</Title>
        <Text c="dimmed">
          Your connection may have dropped or Pawsy was just updated. Reloading usually fixes it.
        </Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Container>
  );
}
