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
