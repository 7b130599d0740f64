/**
 * What the parts of backup and restore share: the error shown to the operator, and durable file
 * copies (fsynced, optionally through a temp file) for the database and the uploads.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isTempName, syncDirectory, TEMP_PREFIX } from '../lib/atomic-file.ts';

export class BackupError extends Error {}

export function fsyncFile(file: string): void {
  const handle = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
}

/**
 * Copies `src` to `dest` and fsyncs it; `atomic`: through a temp file renamed over `dest`, so
 * `dest` is never a partial copy. Returns false when `src` vanished meanwhile. The caller fsyncs
 * the directory once it is done.
 */
export function copyDurably(src: string, dest: string, atomic: boolean): boolean {
  const dir = path.dirname(dest);
  const to = atomic ? path.join(dir, `${TEMP_PREFIX}restore-${path.basename(dest)}`) : dest;
  try {
    fs.copyFileSync(src, to);
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT' && !fs.existsSync(src)) return false;
    throw err;
  }
  fsyncFile(to);
  if (atomic) fs.renameSync(to, dest);
  return true;
}

/** Copies stored files (not temp files) from one uploads directory to another, fsynced. */
export async function copyUploads(
  from: string,
  to: string,
  merge: boolean,
): Promise<{ files: number; bytes: number }> {
  fs.mkdirSync(to, { recursive: true });
  let files = 0;
  let bytes = 0;
  const names = fs.existsSync(from) ? fs.readdirSync(from) : [];
  for (const name of names) {
    if (isTempName(name)) continue;
    const src = path.join(from, name);
    const stat = fs.statSync(src, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue; // removed meanwhile (a replaced photo), or not a stored file
    const dest = path.join(to, name);
    if (merge && fs.existsSync(dest)) continue;
    // Restored files appear whole (a server may read the directory); backup copies are new files.
    if (!copyDurably(src, dest, merge)) continue;
    files += 1;
    bytes += stat.size;
  }
  await syncDirectory(to);
  return { files, bytes };
}
