import { useCallback, useRef, useState } from 'react';

/**
 * What a list screen's add/edit dialog is open for: `undefined` closed, `null` a new item, or
 * the item being edited. The dialog is mounted only while open (a fresh form each time), so
 * Mantine cannot return the focus when it closes: this does, to the control that opened it (the
 * "New" button or the row's Edit), instead of leaving a keyboard user at the top of the page.
 */
export function useEditDialog<T>() {
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((item: T | null) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(item);
  }, []);
  const close = useCallback(() => {
    setEditing(undefined);
    const target = opener.current;
    opener.current = null;
    // After the dialog has gone (its focus trap lets go).
    window.setTimeout(() => {
      if (target?.isConnected) target.focus();
    }, 0);
  }, []);
  return { editing, open, close };
}
