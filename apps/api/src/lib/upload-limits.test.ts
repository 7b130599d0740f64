import { describe, expect, it } from 'vitest';
import {
  holdUploadSlot,
  MAX_CONCURRENT_REENCODES,
  MAX_UPLOADS_PER_USER,
  TOO_MANY_UPLOADS,
  withReencodeSlot,
} from './upload-limits.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('re-encode slots', () => {
  it(`runs at most ${MAX_CONCURRENT_REENCODES} at once, the others in arrival order`, async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const jobs = Array.from({ length: 7 }, (_, i) =>
      withReencodeSlot(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await tick();
        running -= 1;
        return i;
      }),
    );
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(MAX_CONCURRENT_REENCODES);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('frees the slot of a failed re-encode', async () => {
    const failures = Array.from({ length: MAX_CONCURRENT_REENCODES + 1 }, () =>
      withReencodeSlot(async () => {
        throw new Error('bad image');
      }).catch(() => 'failed'),
    );
    expect(await Promise.all(failures)).toEqual(failures.map(() => 'failed'));
    expect(await withReencodeSlot(async () => 'ran')).toBe('ran');
  });
});

describe('upload slots per member', () => {
  it(`refuses a member's upload past ${MAX_UPLOADS_PER_USER} in flight with 429, and frees slots`, async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = Array.from({ length: MAX_UPLOADS_PER_USER }, () =>
      holdUploadSlot('u1', () => gate),
    );
    await expect(holdUploadSlot('u1', async () => 'third')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: TOO_MANY_UPLOADS,
    });
    expect(await holdUploadSlot('u2', async () => 'another member')).toBe('another member');
    release();
    await Promise.all(held);
    expect(await holdUploadSlot('u1', async () => 'later')).toBe('later');
  });
});
