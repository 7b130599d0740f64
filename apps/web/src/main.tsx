import './app/styles/first-paint.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/routes';
import { createPersistedStore } from './app/store';
import { paths } from './config/paths';
import { loggedOut } from './features/auth/auth-slice';
import { setUnauthorizedHandler } from './lib/http';

const { store, persistor } = createPersistedStore();
const router = createBrowserRouter(routes);

// A 401 on an authenticated call means the session died on the server: start again at /login.
setUnauthorizedHandler(() => {
  store.dispatch(loggedOut());
  void router.navigate(paths.login, { replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider store={store} persistor={persistor}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
