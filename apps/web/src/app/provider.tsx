import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import type { AppStore } from './store';
import { cssVariablesResolver, theme } from './theme';

// The toasts' container (with its transitions) is fetched after the first paint; toasts shown
// before it arrives wait in @mantine/notifications' store and appear when it mounts.
const Notifications = lazy(async () => ({
  default: (await import('@mantine/notifications')).Notifications,
}));

type AppProviderProps = {
  store: AppStore;
  persistor?: Persistor;
  /** 'test' turns off Mantine's transitions and portals (component tests). */
  env?: 'default' | 'test';
  children: ReactNode;
};

/** Redux (with its persisted state restored first) and the Mantine theme. */
export function AppProvider({ store, persistor, env = 'default', children }: AppProviderProps) {
  const content = (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      {/* Toasts for confirmations and errors (notifications.show from @mantine/notifications). */}
      <Suspense fallback={null}>
        <Notifications position="top-right" />
      </Suspense>
      {children}
    </MantineProvider>
  );
  return (
    <Provider store={store}>
      {persistor ? (
        <PersistGate loading={null} persistor={persistor}>
          {content}
        </PersistGate>
      ) : (
        content
      )}
    </Provider>
  );
}
