import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The id of a board section's heading, where focus goes once an answer removed its button. */
export const boardSectionId = (title: string) =>
  `section-${title.toLowerCase().replace(/\W+/g, '-')}`;

/** One list of the sitter's request board, under a heading that can take focus. */
export function BoardSection({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string | null;
  children: ReactNode;
}) {
  const id = boardSectionId(title);
  return (
    <section aria-labelledby={id}>
      <Title id={id} order={2} size="h3" mb="sm" tabIndex={-1}>
        {title}
      </Title>
      {empty ? <Text c="dimmed">{empty}</Text> : <Stack>{children}</Stack>}
    </section>
  );
}
