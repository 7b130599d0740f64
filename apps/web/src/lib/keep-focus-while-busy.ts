/**
 * A Mantine button with `loading` is disabled while its action runs, and the browser then moves
 * the focus off it to the page itself: a keyboard user who pressed "Save profile" starts again
 * from the top of the page. This gives the focus back to such a control when it is enabled again,
 * as long as nothing else took the focus meanwhile and it is still on the page.
 *
 * Installed once for the whole document (main.tsx); returns the function that removes it.
 */
export function keepFocusWhileBusy(doc: Document = document): () => void {
  let waiting: HTMLElement | null = null;
  const observer = new MutationObserver(() => {
    const control = waiting;
    if (!control || isDisabled(control)) return;
    stop();
    const focusIsFree = doc.activeElement === null || doc.activeElement === doc.body;
    if (control.isConnected && focusIsFree) control.focus();
  });
  const stop = () => {
    waiting = null;
    observer.disconnect();
  };

  const onFocusOut = (event: FocusEvent) => {
    const control = event.target;
    if (!(control instanceof HTMLElement) || event.relatedTarget !== null) return;
    // Only a control that lost the focus by being disabled (the browser's move comes with the
    // change, in the same task), not one left by moving on.
    queueMicrotask(() => {
      if (!isDisabled(control) || !control.isConnected) return;
      stop();
      waiting = control;
      observer.observe(control, { attributes: true, attributeFilter: ['disabled'] });
    });
  };
  // The user (or the screen) put the focus somewhere: that wins over giving it back.
  const onFocusIn = (event: FocusEvent) => {
    if (waiting && event.target !== waiting) stop();
  };

  doc.addEventListener('focusout', onFocusOut, true);
  doc.addEventListener('focusin', onFocusIn, true);
  return () => {
    stop();
    doc.removeEventListener('focusout', onFocusOut, true);
    doc.removeEventListener('focusin', onFocusIn, true);
  };
}

const isDisabled = (element: HTMLElement) => element.matches(':disabled');
