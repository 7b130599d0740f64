import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeStripeCall = { method: string; path: string; form: URLSearchParams };

/**
 * A stand-in for Stripe's API servers (the only thing the billing tests fake): records each call
 * and answers with the fields our adapter reads, as Stripe would.
 */
export async function startFakeStripe() {
  const calls: FakeStripeCall[] = [];
  /** While true, creating a Checkout Session fails as Stripe does when it is down (HTTP 500). */
  const state = {
    failCheckouts: false,
    /** While true, expiring a session fails as Stripe answers for one already paid (HTTP 400). */
    failExpires: false,
  };
  let seq = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      calls.push({ method: req.method ?? '', path, form: new URLSearchParams(body) });
      seq += 1;
      if (state.failCheckouts && path === '/v1/checkout/sessions') {
        res.writeHead(500, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is down' } }));
        return;
      }
      if (state.failExpires && /^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(path)) {
        res.writeHead(400, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
        res.end(
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              message: 'Only Checkout Sessions with a status of `open` can be expired.',
            },
          }),
        );
        return;
      }
      let reply: Record<string, unknown> = { id: `obj_${seq}`, object: 'unknown' };
      if (path === '/v1/checkout/sessions')
        reply = {
          id: `cs_test_${seq}`,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/cs_test_${seq}`,
        };
      else if (path === '/v1/coupons') reply = { id: `co_test_${seq}`, object: 'coupon' };
      else if (path.startsWith('/v1/subscriptions/'))
        reply = { id: path.split('/')[3], object: 'subscription', cancel_at_period_end: true };
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    calls,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
