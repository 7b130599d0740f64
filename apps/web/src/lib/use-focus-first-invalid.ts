import { useEffect, useRef, useState } from 'react';

/**
 * After a refused submit, moves focus to the form's first invalid field once its error is
 * rendered. `refused(form)` marks the refusal; the effect runs after the errors are on screen.
 */
export function useFocusFirstInvalid() {
  const refusedForm = useRef<HTMLFormElement | null>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    const form = refusedForm.current;
    refusedForm.current = null;
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  return (form: EventTarget | null | undefined) => {
    refusedForm.current = form instanceof HTMLFormElement ? form : null;
    setRefusals((n) => n + 1);
  };
}
