import type { Readable } from 'node:stream';

/** One stored object as read back: its bytes as a stream, and what the store knows about it. */
export type StoredObject = {
  body: Readable;
  /** Byte length when the store reports it. */
  size: number | null;
  /** The type given to put(); null when the store does not keep it (local disk). */
  contentType: string | null;
};

/**
 * Where uploaded files live (photos, check-in images, KYC documents, dispute evidence). Keys are
 * our own random names (`<32 hex>.<ext>`), never a user's. A key is referenced by the database
 * only after put() resolved, and put() never exposes a partial object under the key.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * A directory where an upload being received is written (created if missing) before putFile:
   * the store's own for local disk, so that putFile is a rename; the system's temp directory else.
   */
  stagingDir(): Promise<string>;
  /**
   * Stores the complete, fsynced file at `file` (in stagingDir) under `key`, streaming it rather
   * than reading it into memory; `file` is gone afterwards, also when this fails.
   */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** null when there is no object under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** The whole object in memory (uploads are at most 10 MB); null when absent. */
  getBytes(key: string): Promise<Buffer | null>;
  /** Removes the object; absent is fine. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Resolves when the store can take files now (the bucket answers, the directory is writable);
   * rejects with the cause otherwise. Stores nothing.
   */
  probe(): Promise<void>;
  /** Releases connections (called when the app closes). */
  close(): Promise<void>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Keys are flat names: no separators, no leading dot, nothing a path could be built from. */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
}
