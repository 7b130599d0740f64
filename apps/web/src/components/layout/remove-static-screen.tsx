import { useLayoutEffect } from 'react';

/**
 * The pages served for `/` and `/login` carry a static copy of their screen's top over the app
 * (features/public/static-home.html, features/auth/screens/static-login.html). Rendered next to
 * the first screen, this removes it before that screen's first paint, so the swap shows no gap.
 */
export function RemoveStaticScreen() {
  useLayoutEffect(() => {
    document.getElementById('static-screen')?.remove();
  }, []);
  return null;
}
