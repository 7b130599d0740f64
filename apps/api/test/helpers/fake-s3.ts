import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for S3 itself, in process: PUT, GET, HEAD and DELETE of objects on path-style URLs
 * (`/<bucket>/<key>`), enough for the AWS SDK's object commands. No signature checks, no listing.
 * The real SDK (lib/storage/s3.ts) talks to it over HTTP.
 */
export type FakeS3 = {
  /** S3_ENDPOINT for the app. */
  endpoint: string;
  /** What is stored, by `<bucket>/<key>`. */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request seen, as `METHOD /bucket/key`. */
  requests: string[];
  env: (bucket: string) => Record<string, string>;
  close: () => Promise<void>;
};

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
    requests.push(`${req.method} /${name}`);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const found = objects.get(name);
      const missing = () => {
        res.writeHead(404, { 'content-type': 'application/xml' });
        res.end(req.method === 'HEAD' ? undefined : xmlError('NoSuchKey', 'No such key'));
      };
      switch (req.method) {
        case 'PUT': {
          const body = Buffer.concat(chunks);
          objects.set(name, {
            body,
            contentType: req.headers['content-type'] ?? 'application/octet-stream',
          });
          res.writeHead(200, { etag: `"${body.length.toString(16)}"` });
          return res.end();
        }
        case 'GET':
        case 'HEAD': {
          if (!found) return missing();
          res.writeHead(200, {
            'content-type': found.contentType,
            'content-length': found.body.length,
            etag: `"${found.body.length.toString(16)}"`,
          });
          return res.end(req.method === 'GET' ? found.body : undefined);
        }
        case 'DELETE':
          objects.delete(name);
          res.writeHead(204);
          return res.end();
        default:
          res.writeHead(405, { 'content-type': 'application/xml' });
          return res.end(xmlError('MethodNotAllowed', 'Not supported by the stand-in'));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    objects,
    requests,
    env: (bucket) => ({
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'test-access-key',
      S3_SECRET_ACCESS_KEY: 'test-secret-key',
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
