import { useEffect } from 'react';

/** Sets the tab title for the current screen. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Pawsy` : 'Pawsy';
  }, [title]);
}
