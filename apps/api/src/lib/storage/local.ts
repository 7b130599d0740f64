import fs from 'node:fs';
import path from 'node:path';
import { syncDirectory, writeFileAtomic } from '../atomic-file.ts';
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
  const ensureDir = async () => {
    if (!made) {
      await fs.promises.mkdir(dir, { recursive: true });
      made = true;
    }
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const target = file(key);
      await ensureDir();
      await writeFileAtomic(dir, path.basename(target), bytes);
    },
    // Uploads are received as temp files (TEMP_PREFIX) in the directory itself: storing one is the
    // rename and directory fsync of writeFileAtomic, and start-up sweeps what a crash left.
    async stagingDir() {
      await ensureDir();
      return dir;
    },
    async putFile(key, staged) {
      const target = file(key);
      try {
        if (path.dirname(path.resolve(staged)) !== path.resolve(dir))
          throw new Error(`Not staged in ${dir}: ${staged}`);
        await fs.promises.rename(staged, target);
      } catch (err) {
        await fs.promises.rm(staged, { force: true });
        throw err;
      }
      await syncDirectory(dir);
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
    async probe() {
      await ensureDir();
      await fs.promises.access(dir, fs.constants.W_OK);
    },
    async close() {},
  };
}
