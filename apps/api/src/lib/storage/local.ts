import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../atomic-file.ts';
import { assertKey, type FileStore } from './types.ts';

/**
 * Files in one directory (DATA_DIR/uploads), each written atomically (writeFileAtomic: temp file,
 * fsync, rename, directory fsync). Instances on several machines share it only through a shared
 * file system; otherwise use the S3 adapter.
 */
export function createLocalStore(dir: string): FileStore {
  let made = false;
  const file = (key: string) => {
    assertKey(key);
    return path.join(dir, key);
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const target = file(key);
      if (!made) {
        await fs.promises.mkdir(dir, { recursive: true });
        made = true;
      }
      await writeFileAtomic(dir, path.basename(target), bytes);
    },
    async get(key) {
      const stat = await fs.promises.stat(file(key)).catch(() => null);
      if (!stat?.isFile()) return null;
      return { body: fs.createReadStream(file(key)), size: stat.size, contentType: null };
    },
    async getBytes(key) {
      try {
        return await fs.promises.readFile(file(key));
      } catch (err) {
        if ((err as { code?: string }).code === 'ENOENT') return null;
        throw err;
      }
    },
    // Synchronous removal before the promise: the file is gone when delete() returns, awaited or not.
    delete(key) {
      fs.rmSync(file(key), { force: true });
      return Promise.resolve();
    },
    async exists(key) {
      const stat = await fs.promises.stat(file(key)).catch(() => null);
      return stat?.isFile() ?? false;
    },
    async close() {},
  };
}
