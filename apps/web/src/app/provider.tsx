import { MantineProvider } from '@mantine/core';
import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import type { AppStore } from './store';
import { cssVariablesResolver, lightColorScheme, theme } from './theme';

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
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={lightColorScheme}
      defaultColorScheme="light"
      // The theme's CSS variables come with the first-paint CSS (styles/theme-variables.css).
      withCssVariables={false}
      env={env}
    >
      {/* Toasts for confirmations and errors (notifications.show from @mantine/notifications). */}
      <Suspense fallback={null}>
        <Notifications position="top-right" className="app-toasts" />
      </Suspense>
      {children}
    </MantineProvider>
  );
  return (
    <Provider store={store}>
      {persistor ? (
        <PersistedStateGate persistor={persistor}>{content}</PersistedStateGate>
      ) : (
        content
      )}
    </Provider>
  );
}

/**
 * Renders nothing until the persisted state is restored, as redux-persist's PersistGate does, but
 * lets the app in as a transition: React then renders the first screen in short slices instead of
 * one long task that blocks input (Lighthouse's total blocking time).
 */
function PersistedStateGate({
  persistor,
  children,
}: {
  persistor: Persistor;
  children: ReactNode;
}) {
  const [restored, setRestored] = useState(() => persistor.getState().bootstrapped);
  useEffect(() => {
    if (restored) return undefined;
    const check = () => {
      if (persistor.getState().bootstrapped) startTransition(() => setRestored(true));
    };
    const unsubscribe = persistor.subscribe(check);
    check();
    return unsubscribe;
  }, [persistor, restored]);
  return restored ? children : null;
}
