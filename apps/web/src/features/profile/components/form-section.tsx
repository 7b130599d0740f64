import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type FormSectionProps = { id: string; title: string; description?: string; children: ReactNode };

/** One titled card of a long form; the title labels the section for screen readers. */
export function FormSection({ id, title, description, children }: FormSectionProps) {
  return (
    <Paper component="section" withBorder radius="lg" p="lg" aria-labelledby={id}>
      <Title id={id} order={2} size="h4">
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dark.4" mt={2}>
          {description}
        </Text>
      )}
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>{children}</div>
    </Paper>
  );
}
