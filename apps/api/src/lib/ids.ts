import { randomBytes } from 'node:crypto';

let counter = randomBytes(3).readUIntBE(0, 3);
// One random value per process (as in MongoDB's ObjectId): ids made by one process within one
// second then sort by the counter, i.e. by creation, which "newest first" tie-breaks rely on.
const processPart = randomBytes(5);

/** 24-hex ids: 4 bytes of seconds, 5 bytes per process, 3 bytes of counter (sortable by creation). */
export function newId(): string {
  const buf = Buffer.alloc(12);
  buf.writeUInt32BE(Math.floor(Date.now() / 1000), 0);
  processPart.copy(buf, 4);
  counter = (counter + 1) % 0xffffff;
  buf.writeUIntBE(counter, 9, 3);
  return buf.toString('hex');
}

/**
 * 24-hex ids (newId's shape) of 12 random bytes, for records only their holder ever sees and
 * whose creation must not show: sessions (a token's `jti`) and one-time codes. newId's shared
 * counter would let anyone who sees two of its ids count what happened between them, e.g. a code
 * issued to a registered address. Nothing orders these by id except as a tie-break.
 */
export function newSecretId(): string {
  return randomBytes(12).toString('hex');
}

export const nowIso = (): string => new Date().toISOString();
