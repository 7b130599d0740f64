import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme';
import { StatCards } from './dashboard-parts';

describe('StatCards', () => {
  it('never breaks a figure inside, whatever the body allows ("$36.0" / "0" at 390 px)', () => {
    render(
      <MantineProvider theme={theme}>
        <MemoryRouter>
          <StatCards
            stats={[
              { label: 'Revenue', value: '$36.00', icon: null, to: '/dashboard' },
              { label: 'Members', value: '1,204', icon: null },
            ]}
          />
        </MemoryRouter>
      </MantineProvider>,
    );
    for (const value of ['$36.00', '1,204'])
      expect(screen.getByText(value)).toHaveStyle({
        whiteSpace: 'nowrap',
        overflowWrap: 'normal',
      });
  });
});
