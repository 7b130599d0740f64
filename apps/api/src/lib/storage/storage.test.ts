import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createFileStore, createLocalStore, uploadsDir } from './index.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-store-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('local disk store', () => {
  it('writes whole files under the key (no temp file left), reads, checks and deletes them', async () => {
    const dir = path.join(tempDir(), 'uploads');
    const store = createLocalStore(dir);
    const key = 'abcdefabcdefabcdefabcdefabcdefab.png';
    await store.put(key, Buffer.from('png bytes'), 'image/png');
    expect(fs.readdirSync(dir)).toEqual([key]);
    expect((await store.getBytes(key))?.toString()).toBe('png bytes');
    const got = await store.get(key);
    expect(got?.size).toBe(9);
    const chunks: Buffer[] = [];
    for await (const c of got!.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('png bytes');
    expect(await store.exists(key)).toBe(true);
    void store.delete(key); // gone on return, awaited or not
    expect(fs.existsSync(path.join(dir, key))).toBe(false);
    expect(await store.get(key)).toBeNull();
    expect(await store.getBytes(key)).toBeNull();
  });

  it('takes a staged file by renaming it into place (no copy, no temp file left)', async () => {
    const dir = path.join(tempDir(), 'uploads');
    const store = createLocalStore(dir);
    const staged = path.join(await store.stagingDir(), '.tmp-0123-upload');
    fs.writeFileSync(staged, 'pdf bytes');
    const key = 'abcdefabcdefabcdefabcdefabcdefab.pdf';
    await store.putFile(key, staged, 'application/pdf');
    expect(fs.readdirSync(dir)).toEqual([key]);
    expect((await store.getBytes(key))?.toString()).toBe('pdf bytes');
    const elsewhere = path.join(tempDir(), '.tmp-elsewhere');
    fs.writeFileSync(elsewhere, 'x');
    await expect(store.putFile(key, elsewhere, 'application/pdf')).rejects.toThrow(/Not staged/);
    expect(fs.existsSync(elsewhere)).toBe(false);
  });

  it('probes as ready once its directory exists and is writable, and not when it cannot be made', async () => {
    const dir = path.join(tempDir(), 'uploads');
    await expect(createLocalStore(dir).probe()).resolves.toBeUndefined();
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([]);
    const file = path.join(tempDir(), 'a-file');
    fs.writeFileSync(file, 'x');
    await expect(createLocalStore(path.join(file, 'uploads')).probe()).rejects.toThrow(/ENOTDIR/);
  });

  it('refuses keys that would leave its directory', async () => {
    const store = createLocalStore(tempDir());
    await expect(store.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(store.get('.hidden')).rejects.toThrow(/Invalid storage key/);
  });
});

describe('STORAGE configuration', () => {
  it('defaults to local disk under DATA_DIR/uploads', async () => {
    const dataDir = tempDir();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    expect(config.storage).toEqual({ kind: 'local' });
    expect((await createFileStore(config)).kind).toBe('local');
    expect(uploadsDir(dataDir)).toBe(path.join(dataDir, 'uploads'));
  });

  it('selects S3 with its settings, and names what is missing', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      STORAGE: 's3',
      S3_BUCKET: 'pawsy',
      S3_REGION: 'eu-west-1',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'pawsy',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: null,
    });
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE: 's3' })).toThrow(
      /S3_BUCKET: S3_BUCKET is required with STORAGE=s3[\s\S]*S3_REGION/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE: 'ftp' })).toThrow(/STORAGE/);
  });
});
