export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** An outside service we depend on (the payment provider) could not be reached. */
  UPSTREAM: 502,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The one error type services throw; the error handler maps `code` to a status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: { path: string; message: string }[];
  /** Extra fields of the error body (a route's error schema must declare them to keep them). */
  readonly details?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    errors?: { path: string; message: string }[],
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.code = code;
    this.errors = errors;
    this.details = details;
  }

  get statusCode(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError('FORBIDDEN', message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new AppError('CONFLICT', message, undefined, details);
/** The `errors` of a 400 about one field: the element shape schema failures answer with. */
export const fieldErrors = (field: string, message: string) => [{ path: field, message }];

/**
 * A 400 of a rule the schema cannot state. Naming `field` (as a schema failure would: `userId`,
 * `documents`, `bookingId`) adds `errors: [{ path: field, message }]`, so a client shows it by
 * the field the same way whichever check refused it (DESIGN §4).
 */
export const badRequest = (message: string, field?: string) =>
  new AppError(
    'BAD_REQUEST',
    message,
    field === undefined ? undefined : fieldErrors(field, message),
  );
