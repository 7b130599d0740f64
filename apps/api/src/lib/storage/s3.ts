import fs from 'node:fs';
import os from 'node:os';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertKey, type FileStore } from './types.ts';

export type S3StoreConfig = {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, Ceph, R2, …); null = AWS itself. */
  endpoint: string | null;
  forcePathStyle: boolean;
  /** null = the SDK's default credential chain (AWS_* variables, profiles, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
};

/** probe()'s key: not a name uploads get (`<32 hex>.<ext>`), so it is never stored. */
const PROBE_KEY = 'pawsy-readiness-probe';
const PROBE_TIMEOUT_MS = 3000;

const missing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * Objects in one bucket through the official AWS SDK v3. A PutObject is atomic by S3's own
 * semantics (readers see the old object, none, or the whole new one), so there are no temp keys.
 */
export function createS3Store(config: S3StoreConfig): FileStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: several S3-compatible services reject the newer
    // default trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const read = async (key: string) => {
    assertKey(key);
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: key }));
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
        }),
      );
    },
    async stagingDir() {
      return os.tmpdir();
    },
    async putFile(key, file, contentType) {
      try {
        assertKey(key);
        const { size } = await fs.promises.stat(file);
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: fs.createReadStream(file),
            ContentType: contentType,
            ContentLength: size,
          }),
        );
      } finally {
        await fs.promises.rm(file, { force: true });
      }
    },
    async get(key) {
      const out = await read(key);
      if (!out?.Body) return null;
      return {
        body: out.Body as Readable,
        size: out.ContentLength ?? null,
        contentType: out.ContentType ?? null,
      };
    },
    async getBytes(key) {
      const out = await read(key);
      if (!out?.Body) return null;
      return Buffer.from(await out.Body.transformToByteArray());
    },
    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async exists(key) {
      assertKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async probe() {
      // An object that is never written: "not found" is S3 answering for the bucket with the
      // rights exists() needs; no answer, no bucket or no rights is the cause of the failure.
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: PROBE_KEY }), {
          abortSignal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
        });
      } catch (err) {
        if (!missing(err)) throw err;
      }
    },
    async close() {
      client.destroy();
    },
  };
}
