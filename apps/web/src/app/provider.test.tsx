import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from './provider';
import { createPersistedStore } from './store';

describe('AppProvider with a persistor', () => {
  it('shows the app once the persisted state is restored, with that state in the store', async () => {
    sessionStorage.setItem(
      'persist:root',
      JSON.stringify({ auth: JSON.stringify({ token: 'kept', user: null, expiresAt: null }) }),
    );
    const { store, persistor } = createPersistedStore();
    render(
      <AppProvider store={store} persistor={persistor} env="test">
        <p>app</p>
      </AppProvider>,
    );
    expect(screen.queryByText('app')).toBeNull();
    expect(await screen.findByText('app')).toBeInTheDocument();
    expect(store.getState().auth.token).toBe('kept');
    sessionStorage.clear();
  });
});
