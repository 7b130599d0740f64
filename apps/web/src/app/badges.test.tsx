import { Badge, Group, MantineProvider, Text } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('badges show their whole label', () => {
  it('a badge beside long text in a row is at least as wide as its label (no "PENDI…")', () => {
    render(
      <MantineProvider theme={theme}>
        <Group wrap="nowrap">
          <Text>{'A long title '.repeat(10)}</Text>
          <Badge>Pending</Badge>
        </Group>
      </MantineProvider>,
    );
    const badge = screen.getByText('Pending').closest<HTMLElement>('.mantine-Badge-root');
    expect(badge?.style.minWidth).toBe('max-content');
  });
});
