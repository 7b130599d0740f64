import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import { useFocusFirstInvalid } from './use-focus-first-invalid';
import type { z } from 'zod';

/** Turns zod issues into one message per field ({ field: message }). */
export function toFormErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/** Small form state helper: values, per-field errors, and a submit that validates with zod. */
export function useZodForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  initialValues: z.input<S>,
) {
  type Values = z.input<S>;
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A refused submit moves focus to the first invalid field (once its error is rendered).
  const refused = useFocusFirstInvalid();

  const setValue = useCallback(<K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key as string];
      return next;
    });
  }, []);

  /** Props for a text-like Mantine input bound to a string field. */
  const textInput = <K extends StringKeys<Values>>(key: K) => ({
    value: values[key] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(key, event.currentTarget.value as Values[K]),
    error: errors[key as string],
  });

  const handleSubmit =
    (onValid: (data: z.output<S>) => unknown) =>
    (event?: FormEvent): void => {
      event?.preventDefault();
      const result = schema.safeParse(values);
      if (!result.success) {
        setErrors(toFormErrors(result.error));
        refused(event?.currentTarget);
        return;
      }
      setErrors({});
      void onValid(result.data);
    };

  const reset = useCallback(() => {
    setValues(initialValues);
    setErrors({});
  }, [initialValues]);

  return { values, errors, setValue, textInput, handleSubmit, reset };
}
