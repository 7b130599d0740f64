import type { KeyboardEvent } from 'react';

/** What a message box says about its keys (the booking chat and the KYC conversation). */
export const SEND_ON_ENTER_HINT = 'Enter sends; Shift+Enter starts a new line';

/**
 * A message box's key handler: Enter sends, Shift+Enter breaks the line. An Enter that ends an
 * input method's composition (Japanese, Chinese…) only confirms the composed text.
 */
export function sendOnEnter(send: () => void) {
  return (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };
}
