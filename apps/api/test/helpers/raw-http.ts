import net from 'node:net';
import type { FastifyInstance } from 'fastify';

export type RawResponse = { status: number; headers: string; body: string };

/**
 * Sends one request with the request target exactly as given (absolute form, percent-encoding,
 * dot segments): clients such as fetch would normalise these before sending.
 */
export function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      const all: Record<string, string> = { host: 'localhost', connection: 'close', ...headers };
      if (body !== undefined) all['content-length'] = String(Buffer.byteLength(body));
      const head = Object.entries(all)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\r\n');
      socket.write(`${method} ${target} HTTP/1.1\r\n${head}\r\n\r\n${body ?? ''}`);
    });
    let out = '';
    socket.on('data', (d) => (out += d.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => {
      const split = out.indexOf('\r\n\r\n');
      const head = out.slice(0, split);
      resolve({
        status: Number(head.split(' ')[1]),
        headers: head.toLowerCase(),
        body: out.slice(split + 4),
      });
    });
  });
}

export async function listenOnFreePort(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as net.AddressInfo).port;
}
