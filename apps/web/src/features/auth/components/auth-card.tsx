import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../components/ui/use-page-title';

type AuthCardProps = { title: string; subtitle?: ReactNode; children: ReactNode; size?: number };

/** The centred card every auth screen uses, with the page's single h1. */
export function AuthCard({ title, subtitle, children, size = 460 }: AuthCardProps) {
  usePageTitle(title);
  return (
    <Container size={size} py={{ base: 32, sm: 56 }}>
      <Title order={1} ta="center">
        {title}
      </Title>
      {subtitle && (
        <Text c="dark.6" ta="center" mt="xs">
          {subtitle}
        </Text>
      )}
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }} mt="xl">
        {children}
      </Paper>
    </Container>
  );
}
