import { useLayoutEffect } from 'react';

/**
 * The page served for `/` carries a static copy of the home hero over the app
 * (features/public/static-home.html). Rendered next to the first screen, this removes it before
 * that screen's first paint, so the swap shows no gap.
 */
export function RemoveStaticHome() {
  useLayoutEffect(() => {
    document.getElementById('static-home')?.remove();
  }, []);
  return null;
}
