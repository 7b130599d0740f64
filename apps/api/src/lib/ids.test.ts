import { describe, expect, it } from 'vitest';
import { newId, newSecretId } from './ids.ts';

describe('newId', () => {
  it('gives 24-hex ids that sort in creation order within one process', () => {
    const ids = Array.from({ length: 2000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[a-f0-9]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // The counter may wrap once in 16.7 million ids; everything else must be in order.
    const outOfOrder = ids.filter((id, i) => i > 0 && id <= ids[i - 1]!);
    expect(outOfOrder.length).toBeLessThanOrEqual(1);
  });
});

describe('newSecretId', () => {
  it('gives 24-hex ids that take nothing from the shared counter', () => {
    const before = newId();
    const secret = Array.from({ length: 50 }, () => newSecretId());
    const after = newId();
    for (const id of secret) expect(id).toMatch(/^[a-f0-9]{24}$/);
    expect(new Set(secret).size).toBe(secret.length);
    const counter = (id: string) => parseInt(id.slice(18), 16);
    expect((counter(after) - counter(before) + 0xffffff) % 0xffffff).toBe(1);
  });
});
