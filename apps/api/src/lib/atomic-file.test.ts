import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isTempName, sweepTempFiles, TEMP_PREFIX, writeFileAtomic } from './atomic-file.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-atomic-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('leaves the complete file under its name and no temp file', async () => {
    const data = Buffer.alloc(300_000, 7);
    await writeFileAtomic(dir, 'a.bin', data);
    expect(fs.readFileSync(path.join(dir, 'a.bin')).equals(data)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['a.bin']);
  });

  it('replaces an existing file whole', async () => {
    await writeFileAtomic(dir, 'a.bin', Buffer.from('old contents'));
    await writeFileAtomic(dir, 'a.bin', Buffer.from('new'));
    expect(fs.readFileSync(path.join(dir, 'a.bin'), 'utf8')).toBe('new');
    expect(fs.readdirSync(dir)).toEqual(['a.bin']);
  });

  it('shows the final name only once the file is complete', async () => {
    // A plain write creates the name first and fills it chunk by chunk (the poll sees it short).
    const data = Buffer.alloc(16 << 20, 1);
    const target = path.join(dir, 'big.bin');
    let done = false;
    const sizes: number[] = [];
    const writing = writeFileAtomic(dir, 'big.bin', data).then(() => {
      done = true;
    });
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      if (fs.existsSync(target)) sizes.push(fs.statSync(target).size);
    }
    await writing;
    expect(sizes.filter((size) => size !== data.length)).toEqual([]);
    expect(fs.statSync(target).size).toBe(data.length);
  });

  it('removes its temp file and throws when the rename fails', async () => {
    fs.mkdirSync(path.join(dir, 'taken'));
    fs.writeFileSync(path.join(dir, 'taken', 'x'), 'x');
    await expect(writeFileAtomic(dir, 'taken', Buffer.from('data'))).rejects.toThrow();
    expect(fs.readdirSync(dir)).toEqual(['taken']);
  });

  it('never shows a partial file under the final name when the process is killed mid-write', async () => {
    // A child writes 1 MiB files in a loop; SIGKILL lands at some point of some write.
    const lib = fileURLToPath(new URL('./atomic-file.ts', import.meta.url));
    const script = `
      import { writeFileAtomic } from ${JSON.stringify(lib)};
      const data = Buffer.alloc(1 << 20, 0x5a);
      process.send('ready');
      for (let i = 0; ; i++) await writeFileAtomic(${JSON.stringify(dir)}, 'f' + i + '.bin', data);
    `;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      },
    );
    await new Promise((resolve) => child.once('message', resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const finals = fs.readdirSync(dir).filter((n) => !isTempName(n));
    expect(finals.length).toBeGreaterThan(0);
    for (const name of finals) {
      const bytes = fs.readFileSync(path.join(dir, name));
      expect(bytes.length).toBe(1 << 20);
      expect(bytes.every((b) => b === 0x5a)).toBe(true);
    }
  });
});

describe('sweepTempFiles', () => {
  it('removes only temp files older than the cut-off', async () => {
    const old = path.join(dir, `${TEMP_PREFIX}old-a.bin`);
    const young = path.join(dir, `${TEMP_PREFIX}young-b.bin`);
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(young, 'x');
    fs.writeFileSync(path.join(dir, 'kept.bin'), 'x');
    const hourAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(old, hourAgo, hourAgo);
    fs.utimesSync(path.join(dir, 'kept.bin'), hourAgo, hourAgo);
    expect(await sweepTempFiles(dir, 3600_000)).toBe(1);
    expect(fs.readdirSync(dir).sort()).toEqual([`${TEMP_PREFIX}young-b.bin`, 'kept.bin'].sort());
    expect(await sweepTempFiles(path.join(dir, 'missing'))).toBe(0);
  });
});
