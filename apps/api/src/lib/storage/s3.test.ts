import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../test/helpers/fake-s3.ts';
import { createS3Store } from './s3.ts';
import type { FileStore } from './types.ts';

describe('S3 adapter (real AWS SDK against an in-process S3 stand-in)', () => {
  let s3: FakeS3;
  let store: FileStore;
  beforeAll(async () => {
    s3 = await startFakeS3();
    store = createS3Store({
      bucket: 'pawsy-unit',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    });
  });
  afterAll(async () => {
    await store?.close();
    await s3?.close();
  });

  it('puts, reads back (stream and bytes), checks and deletes an object by key', async () => {
    const bytes = Buffer.from('%PDF-1.4 stand-in');
    await store.put('0123456789abcdef0123456789abcdef.pdf', bytes, 'application/pdf');
    expect(s3.objects.get('pawsy-unit/0123456789abcdef0123456789abcdef.pdf')?.contentType).toBe(
      'application/pdf',
    );
    const got = await store.get('0123456789abcdef0123456789abcdef.pdf');
    expect(got?.size).toBe(bytes.length);
    expect(got?.contentType).toBe('application/pdf');
    const chunks: Buffer[] = [];
    for await (const c of got!.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect((await store.getBytes('0123456789abcdef0123456789abcdef.pdf'))?.equals(bytes)).toBe(
      true,
    );
    expect(await store.exists('0123456789abcdef0123456789abcdef.pdf')).toBe(true);
    await store.delete('0123456789abcdef0123456789abcdef.pdf');
    expect(await store.exists('0123456789abcdef0123456789abcdef.pdf')).toBe(false);
    expect(await store.get('0123456789abcdef0123456789abcdef.pdf')).toBeNull();
    expect(await store.getBytes('0123456789abcdef0123456789abcdef.pdf')).toBeNull();
    // Path-style addressing: the bucket is the first path segment.
    expect(s3.requests).toContain('PUT /pawsy-unit/0123456789abcdef0123456789abcdef.pdf');
  });

  it('streams a staged file into an object and removes the file', async () => {
    const staged = path.join(await store.stagingDir(), `.tmp-${process.pid}-s3-upload`);
    fs.writeFileSync(staged, '%PDF-1.4 streamed');
    await store.putFile('fedcba9876543210fedcba9876543210.pdf', staged, 'application/pdf');
    expect(fs.existsSync(staged)).toBe(false);
    const bytes = await store.getBytes('fedcba9876543210fedcba9876543210.pdf');
    expect(bytes?.toString()).toBe('%PDF-1.4 streamed');
    expect(s3.objects.get('pawsy-unit/fedcba9876543210fedcba9876543210.pdf')?.contentType).toBe(
      'application/pdf',
    );
  });

  it('probes the bucket without storing anything, and names the cause when S3 does not answer', async () => {
    const before = s3.objects.size;
    await expect(store.probe()).resolves.toBeUndefined();
    expect(s3.requests.at(-1)).toBe('HEAD /pawsy-unit/pawsy-readiness-probe');
    expect(s3.objects.size).toBe(before);
    const nowhere = createS3Store({
      bucket: 'pawsy-unit',
      region: 'us-east-1',
      // Nothing listens on the discard port.
      endpoint: 'http://127.0.0.1:9',
      forcePathStyle: true,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    });
    await expect(nowhere.probe()).rejects.toThrow(/ECONNREFUSED/);
    await nowhere.close();
  });

  it('refuses keys a path could be built from', async () => {
    await expect(store.put('../x', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid/);
    await expect(store.get('a/b')).rejects.toThrow(/Invalid/);
  });
});
