import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { createLocalStore } from './local.ts';
import type { FileStore } from './types.ts';

export type { FileStore, StoredObject } from './types.ts';
export type { S3StoreConfig } from './s3.ts';
export { createLocalStore } from './local.ts';

/** The local directory of uploads (STORAGE=local): DATA_DIR/uploads. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/**
 * The store STORAGE selects: local disk (default) or an S3-compatible bucket. The AWS SDK is
 * loaded only when S3 is configured (it is large, and warns on Node 20 at load).
 */
export async function createFileStore(config: AppConfig): Promise<FileStore> {
  if (config.storage.kind !== 's3') return createLocalStore(uploadsDir(config.dataDir));
  const { createS3Store } = await import('./s3.ts');
  return createS3Store(config.storage);
}
