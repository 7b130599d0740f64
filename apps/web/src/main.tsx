// First: zod's settings must be in place before any module builds a schema.
import './lib/zod-jitless';
import './app/styles/first-paint.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/routes';
import { createPersistedStore } from './app/store';
import { keepFocusWhileBusy } from './lib/keep-focus-while-busy';

/**
 * The routes under the declarative router (the session's end, a 401 included, is handled inside
 * them: app/session-watcher.tsx): about 18 KB (gzip) less JavaScript before the first
 * paint than the data router, whose loaders and actions the app does not use (docs/performance.md,
 * "Initial JavaScript"). Screen errors are caught by RouteErrorBoundary in the routes.
 */
function App() {
  return useRoutes(routes);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Creates the store and starts rendering. The browser evaluates all of the entry's modules in one
 * task; this runs in the next one (setTimeout below), so neither task blocks input for as long as
 * the two together did (Lighthouse's total blocking time).
 */
function start(rootElement: HTMLElement) {
  keepFocusWhileBusy();
  // SPEC §2: every route change starts at the top, Back and Forward too (ScrollToTop scrolls up;
  // the browser's own restoration would put the old position back after a lazy screen paints).
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  const { store, persistor } = createPersistedStore();
  const root = createRoot(rootElement);
  // The first render is a transition, as is the one once the persisted state is in
  // (provider.tsx): React renders the tree in slices of a few milliseconds instead of one task
  // that blocks input.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProvider store={store} persistor={persistor}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </AppProvider>
      </StrictMode>,
    );
  });
}

setTimeout(() => start(container), 0);
