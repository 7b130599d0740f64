import { errorBody } from '@pawsy/contract';

/**
 * The error answers of the routes that act on bookings, disputes and payments: the usual 4xx,
 * and 502 when the payment provider they reach (checkout, refund, expiry) cannot be reached.
 */
export const errorsReachingGateway = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  502: errorBody,
} as const;
