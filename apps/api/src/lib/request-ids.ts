import { randomBytes } from 'node:crypto';

/**
 * Request ids: a random prefix per process and a counter, unique across instances without a
 * random draw per request. A client's own `x-request-id` (up to 64 characters) is kept so that
 * a trace can follow one request through a proxy.
 */
export function createRequestIds(): (req: { headers: Record<string, unknown> }) => string {
  const prefix = randomBytes(6).toString('hex');
  let counter = 0;
  return (req) => {
    const given = req.headers['x-request-id'];
    if (typeof given === 'string' && given.length > 0 && given.length <= 64) return given;
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    return `${prefix}-${counter.toString(36)}`;
  };
}
