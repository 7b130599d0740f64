import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../app/provider';
import { createTestStore } from '../../app/store';
import { ComingSoon } from './coming-soon';

describe('ComingSoon', () => {
  it('names the feature in the heading, says it is coming, and links back', () => {
    render(
      <AppProvider store={createTestStore()} env="test">
        <MemoryRouter>
          <ComingSoon feature="Coupons" description="Create and manage discount coupons." />
        </MemoryRouter>
      </AppProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Coupons' })).toBeInTheDocument();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
    expect(screen.getByText('Create and manage discount coupons.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Coupons · Pawsy');
  });
});
