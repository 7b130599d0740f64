import { useCallback, useEffect, useRef } from 'react';

/**
 * For an action that takes away the control it was started from (a decided request's buttons, a
 * sent review's form): `focusNext(id)` names the element to focus instead, and it is focused
 * after the render that puts it on the page (the call itself renders nothing; the action's own
 * state change does). Until that element exists the wish is kept.
 */
export function useFocusAfterRender(): (id: string) => void {
  const next = useRef<string | null>(null);
  useEffect(() => {
    const target = next.current ? document.getElementById(next.current) : null;
    if (!target) return;
    next.current = null;
    target.focus();
  });
  return useCallback((id: string) => {
    next.current = id;
  }, []);
}
