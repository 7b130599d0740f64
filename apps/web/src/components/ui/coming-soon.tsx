import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from './use-page-title';

type ComingSoonProps = {
  /** Name of the feature, used as the screen's heading. */
  feature: string;
  /** One or two sentences on what the screen will let people do. */
  description: string;
  backTo?: { label: string; to: string };
};

/** Placeholder for a screen whose feature is still being built: never a blank page. */
export function ComingSoon({ feature, description, backTo }: ComingSoonProps) {
  usePageTitle(feature);
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl" radius="lg">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
            <IconTools size={30} />
          </ThemeIcon>
          <Title order={1}>{feature}</Title>
          <Text size="lg" fw={600}>
            Coming soon
          </Text>
          <Text c="dimmed">{description}</Text>
          <Group justify="center">
            <Button component={Link} to={backTo?.to ?? '/'}>
              {backTo?.label ?? 'Back to home'}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
