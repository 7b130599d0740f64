import { describe, expect, it } from 'vitest';
import { redactUrl, serializeRequest } from './log-redaction.ts';

describe('redactUrl', () => {
  it('blanks token and secretKey query values and keeps the rest', () => {
    const out = redactUrl('/api/notifications/stream?token=eyJabc.def&secretKey=s3cret&x=1');
    expect(out).not.toContain('eyJabc');
    expect(out).not.toContain('s3cret');
    expect(out).toContain('x=1');
    expect(out.startsWith('/api/notifications/stream?')).toBe(true);
  });
  it('leaves URLs without credentials untouched', () => {
    expect(redactUrl('/api/user/nearby?page=2&limit=15')).toBe('/api/user/nearby?page=2&limit=15');
    expect(redactUrl('/healthz')).toBe('/healthz');
  });
  it('is what the request serializer logs', () => {
    const logged = serializeRequest({
      id: 'r1',
      method: 'GET',
      url: '/s?token=abc',
      ip: '127.0.0.1',
      headers: {},
    });
    expect(logged).toEqual({
      reqId: 'r1',
      method: 'GET',
      url: '/s?token=%5Bredacted%5D',
      remoteAddress: '127.0.0.1',
    });
  });
});
