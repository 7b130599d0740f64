import { Container, Text, Title, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../components/ui/use-page-title';
import classes from './public.module.css';

type ProsePageProps = {
  title: string;
  lead?: string;
  updated?: string;
  /** Buttons or forms shown after the text, outside the prose styles. */
  actions?: ReactNode;
  children: ReactNode;
};

/** A readable long-form page (policies, guides) with one h1. */
export function ProsePage({ title, lead, updated, actions, children }: ProsePageProps) {
  usePageTitle(title);
  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <Title order={1}>{title}</Title>
      {updated && (
        <Text c="dimmed" size="sm" mt={4}>
          Last updated {updated}
        </Text>
      )}
      {lead && (
        <Text size="lg" mt="md" c="dark.6">
          {lead}
        </Text>
      )}
      <Typography className={classes.prose} mt="lg">
        {children}
      </Typography>
      {actions}
    </Container>
  );
}
