import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import type { AppStore } from './store';
import { cssVariablesResolver, theme } from './theme';

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
      <Notifications position="top-right" />
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
