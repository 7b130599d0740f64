/**
 * After a refused submit, the focus goes to the first field a message is about (the browser
 * leaves it on the Submit button, and a screen reader hears nothing of the messages): a control
 * marked aria-invalid (or the first control inside a group so marked, such as a radiogroup), or
 * the first control in the wrapper of an error message (Mantine's groups, such as Checkbox.Group,
 * mark no control). Runs after the render that shows the messages.
 */
export function focusFirstInvalid(form: HTMLElement): void {
  window.setTimeout(() => {
    const controls = 'input:not([type="hidden"]):not([disabled]), textarea, select, button';
    const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    const marked = invalid?.matches(controls)
      ? invalid
      : (invalid?.querySelector<HTMLElement>(controls) ?? null);
    const message = form.querySelector<HTMLElement>('[id$="-error"]');
    const grouped = message?.parentElement?.querySelector<HTMLElement>(controls) ?? null;
    const first = [marked, grouped]
      .filter((el): el is HTMLElement => el !== null)
      .sort((a, b) =>
        a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
      )[0];
    first?.focus();
  }, 0);
}
