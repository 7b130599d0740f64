import { useId as useReactId } from 'react';

/**
 * Stands in for @mantine/hooks' `useId` (build/mantine-patches.ts). Mantine's version
 * starts from React's id and then, in a layout effect on mount, swaps it for a random one: every
 * component that uses it (the app shell, every input, menu and popover) renders a second time,
 * synchronously, inside the commit that mounted it. That second pass was up to half of the longest
 * main-thread tasks of the first screen (docs/performance.md, "Lighthouse"). React's own id is
 * already unique per component instance and stable across renders, so it is kept as it is.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  if (typeof staticId === 'string') return staticId;
  return `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
