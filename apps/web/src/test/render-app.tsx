import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider';
import type { RootState } from '../app/root-reducer';
import { routes } from '../app/routes';
import { createTestStore } from '../app/store';

/** Renders the real app (layout, guards, lazy screens) at `path`, with a fresh store. */
export function renderApp(path: string, preloadedState?: Partial<RootState>) {
  const store = createTestStore(preloadedState);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider store={store} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, store, router };
}
