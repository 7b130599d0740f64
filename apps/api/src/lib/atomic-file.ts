import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Temp files of writeFileAtomic start with this; no stored name does (they are random hex). */
export const TEMP_PREFIX = '.tmp-';

export const isTempName = (name: string): boolean => name.startsWith(TEMP_PREFIX);

/**
 * Writes `data` as `dir/name` so that `name` never shows a partial file: the bytes go to a temp
 * file in the same directory, are fsynced, and the temp file is renamed over `name` (atomic on
 * one file system); then the directory is fsynced so that the rename survives a power loss too.
 * A crash at any point leaves `name` absent or complete, plus at worst an orphan temp file (see
 * sweepTempFiles). Callers reference `name` in the database only after this resolves.
 */
export async function writeFileAtomic(dir: string, name: string, data: Uint8Array): Promise<void> {
  const target = path.join(dir, name);
  const temp = path.join(dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}-${name}`);
  try {
    const handle = await fs.promises.open(temp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temp, target);
  } catch (err) {
    await fs.promises.rm(temp, { force: true });
    throw err;
  }
  await syncDirectory(dir);
}

/** fsync of a directory (makes renames and unlinks in it durable); a no-op where unsupported. */
export async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.promises.FileHandle | null = null;
  try {
    handle = await fs.promises.open(dir, 'r');
    await handle.sync();
  } catch (err) {
    const code = (err as { code?: string }).code;
    // Windows cannot open or sync directories; its renames are journalled by NTFS.
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EACCES') throw err;
  } finally {
    await handle?.close();
  }
}

/**
 * Removes temp files that a crash left behind in `dir`, older than `olderThanMs` (a younger one
 * may be a write in progress, possibly by another instance sharing the directory). Returns how
 * many were removed.
 */
export async function sweepTempFiles(dir: string, olderThanMs = 3600_000): Promise<number> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return 0;
  }
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of names.filter(isTempName)) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat?.isFile() && stat.mtimeMs <= cutoff) {
      await fs.promises.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
