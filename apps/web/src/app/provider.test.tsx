import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from './provider';
import { createPersistedStore, createTestStore } from './store';

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

describe('AppProvider colour scheme', () => {
  it('is light, without reading or writing localStorage', () => {
    const get = vi.spyOn(Storage.prototype, 'getItem');
    const set = vi.spyOn(Storage.prototype, 'setItem');
    render(
      <AppProvider store={createTestStore()} env="test">
        <p>app</p>
      </AppProvider>,
    );
    expect(screen.getByText('app')).toBeInTheDocument();
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
    const onLocal = (contexts: unknown[]) => contexts.filter((c) => c === localStorage);
    expect(onLocal(get.mock.contexts)).toEqual([]);
    expect(onLocal(set.mock.contexts)).toEqual([]);
  });
});
