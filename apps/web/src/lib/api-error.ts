export type ErrorBody = { message?: string; code?: string; errors?: unknown; error?: string };

/** A failed API call: `status` and `response.data` mirror what the server sent. */
export class ApiError extends Error {
  readonly status: number;
  readonly response: { status: number; data: ErrorBody };

  constructor(status: number, data: ErrorBody, fallbackMessage?: string) {
    super(data.message ?? fallbackMessage ?? `HTTP error! status: ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.response = { status, data };
  }
}

/** The server's message when it sent one, otherwise the screen's fallback (SPEC §7, §8). */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const message = error.response.data.message;
    return typeof message === 'string' && message.trim() !== '' ? message : fallback;
  }
  return fallback;
}

/** Whether the same call could succeed if tried again: no answer at all, a 5xx, 408 or 429. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/** A read of one record answered 404 (missing, or not the caller's) or 400 (a malformed id). */
export function isMissingRecord(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 404);
}

/** Why one record could not be read, and whether trying again could help. */
export type LoadFailure = { message: string; retryable: boolean };

/**
 * A failed read of one record. A malformed id (400) and a missing or hidden record (404) both
 * read as `notFoundMessage`: the server's "id: Invalid id" says nothing a person can act on.
 */
export function loadFailure(
  error: unknown,
  notFoundMessage: string,
  fallback: string,
): LoadFailure {
  if (isMissingRecord(error)) return { message: notFoundMessage, retryable: false };
  return { message: getErrorMessage(error, fallback), retryable: isRetryable(error) };
}

/**
 * The server's field-level validation errors (`errors: [{ path, message }]`, DESIGN §4) by top-level
 * field, first message of each, without the "field: " prefix the one-line `message` carries.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!(error instanceof ApiError) || !Array.isArray(error.response.data.errors)) return fields;
  for (const item of error.response.data.errors as unknown[]) {
    const { path, message } = (item ?? {}) as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const field = path.split('.')[0];
    if (field && !fields[field]) fields[field] = message;
  }
  return fields;
}

/**
 * Whether a form shows every field the server refused under that field: then a line above the
 * form in the server's words ("emergency_phone: Enter a valid phone number") would only repeat
 * it, naming the field as the API spells it.
 */
export function isShownByFields(
  fieldErrors: Record<string, string>,
  shownFields: readonly string[],
): boolean {
  const fields = Object.keys(fieldErrors);
  return fields.length > 0 && fields.every((field) => shownFields.includes(field));
}
