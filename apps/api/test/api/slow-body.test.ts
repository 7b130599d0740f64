import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SECRET_KEY, type TestApp } from '../helpers/app.ts';
import { listenOnFreePort } from '../helpers/raw-http.ts';

/*
 * A client that sends a request's headers and then trickles (or withholds) its body must not hold
 * the connection: a security test kept 620 such sockets open from one address until the server
 * ran out of file descriptors, and the 401/429 it answered early did not close them.
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  port = await listenOnFreePort(t.app);
});
afterAll(() => t.close());

/** Sends only the head of a request promising `length` bytes; gives what came back and whether the socket closed. */
function headOnly(target: string, length: number, waitMs: number) {
  return new Promise<{ answer: string; closed: boolean }>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${target} HTTP/1.1\r\nhost: localhost\r\nsecret-key: ${SECRET_KEY}\r\n` +
          `content-type: multipart/form-data; boundary=x\r\ncontent-length: ${length}\r\n\r\n--x\r\n`,
      );
    });
    let answer = '';
    let closed = false;
    socket.on('data', (d) => (answer += d.toString('utf8')));
    socket.on('close', () => (closed = true));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      resolve({ answer, closed });
    }, waitMs);
  });
}

describe('a request refused before its body arrived', () => {
  it('is answered and its connection closed, not kept waiting for the rest', async () => {
    const { answer, closed } = await headOnly('/api/kyc', 5_000_000, 1500);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(closed).toBe(true);
  });
});

describe('the server', () => {
  it('limits how long a request may take to arrive and how long a socket may sit idle', () => {
    for (const limit of [t.app.server.requestTimeout, t.app.server.timeout]) {
      expect(limit).toBeGreaterThan(0); // 0 is "never"
      expect(limit).toBeLessThanOrEqual(300_000);
    }
  });
});
