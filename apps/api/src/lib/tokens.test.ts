import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.ts';

const SECRET = 'test-jwt-secret-0123456789abcdef';
const tokens = createTokenService(SECRET);
const key = new TextEncoder().encode(SECRET);
const claims = { id: 'u1', email: 'a@b.test', userType: 'provider', sid: 's1' };
const inAnHour = () => new Date(Date.now() + 3600_000);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token signed with our key over the given header and payload, exactly as written. */
const forge = (header: object, payload: object) => {
  const signed = `${b64(header)}.${b64(payload)}`;
  const sig = createHmac('sha256', SECRET).update(signed).digest('base64url');
  return `${signed}.${sig}`;
};
const exp = () => Math.floor(Date.now() / 1000) + 3600;

describe('HS256 verification through node:crypto', () => {
  it('accepts the tokens it signs (unchanged format) and reads their claims', async () => {
    const token = await tokens.sign(claims, inAnHour());
    const [head] = token.split('.');
    expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    expect(tokens.verifySync(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('refuses a tampered payload, header or signature', async () => {
    const token = await tokens.sign(claims, inAnHour());
    const [head, body, sig] = token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const admin = `${head}.${b64({ ...payload, userType: 'admin' })}.${sig}`;
    expect(() => tokens.verifySync(admin)).toThrow();
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(() => tokens.verifySync(`${head}.${body}.${flipped}`)).toThrow();
    expect(() => tokens.verifySync(`${b64({ alg: 'HS256' })}.${body}.${sig}`)).toThrow();
    expect(() => tokens.verifySync(`${head}.${body}`)).toThrow();
    expect(() => tokens.verifySync(`${head}.${body}.${sig}.x`)).toThrow();
    expect(() => tokens.verifySync(`${head}.${body}.${sig}=`)).toThrow();
  });

  it('refuses every spelling of the signature but the canonical one', async () => {
    const token = await tokens.sign(claims, inAnHour());
    const [head, body, sig] = token.split('.') as [string, string, string];
    // 32 bytes take 43 characters; the last one's two low bits are unused, so these four decode
    // to the same bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(sig.at(-1)!);
    const spellings = [0, 1, 2, 3].map((low) => sig.slice(0, -1) + alphabet[(last & ~3) | low]);
    for (const spelling of spellings) {
      expect(Buffer.from(spelling, 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
      if (spelling === sig)
        expect(tokens.verifySync(`${head}.${body}.${spelling}`)).toEqual(claims);
      else expect(() => tokens.verifySync(`${head}.${body}.${spelling}`)).toThrow(/signature/);
    }
  });

  it('refuses a token signed with another key', async () => {
    const other = await new SignJWT({ id: 'u1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti('s1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-of-enough-length'));
    expect(() => tokens.verifySync(other)).toThrow();
  });

  it('refuses an expired token, one without exp, and one not valid yet', async () => {
    const past = await tokens.sign(claims, new Date(Date.now() - 1000));
    expect(() => tokens.verifySync(past)).toThrow(/expired/);
    const now = Math.floor(Date.now() / 1000);
    expect(() =>
      tokens.verifySync(forge({ alg: 'HS256' }, { id: 'u1', jti: 's1', exp: now })),
    ).toThrow(/expired/);
    expect(() => tokens.verifySync(forge({ alg: 'HS256' }, { id: 'u1', jti: 's1' }))).toThrow();
    expect(() =>
      tokens.verifySync(forge({ alg: 'HS256' }, { id: 'u1', jti: 's1', exp: '9999999999' })),
    ).toThrow();
    expect(() =>
      tokens.verifySync(
        forge({ alg: 'HS256' }, { id: 'u1', jti: 's1', exp: exp(), nbf: now + 600 }),
      ),
    ).toThrow();
  });

  it('refuses other algorithms, alg none and critical extensions', async () => {
    const hs512 = await new SignJWT({ id: 'u1' })
      .setProtectedHeader({ alg: 'HS512' })
      .setJti('s1')
      .setExpirationTime('1h')
      .sign(key);
    expect(() => tokens.verifySync(hs512)).toThrow(/algorithm/);
    const none = new UnsecuredJWT({ id: 'u1', jti: 's1' }).setExpirationTime('1h').encode();
    expect(() => tokens.verifySync(none)).toThrow();
    expect(() =>
      tokens.verifySync(forge({ alg: 'none' }, { id: 'u1', jti: 's1', exp: exp() })),
    ).toThrow(/algorithm/);
    expect(() =>
      tokens.verifySync(forge({ alg: 'hs256' }, { id: 'u1', jti: 's1', exp: exp() })),
    ).toThrow(/algorithm/);
    expect(() =>
      tokens.verifySync(
        forge({ alg: 'HS256', crit: ['b64'], b64: false }, { id: 'u1', jti: 's1', exp: exp() }),
      ),
    ).toThrow();
  });

  it('refuses tokens without the claims a session needs, and non-JSON parts', () => {
    expect(() => tokens.verifySync(forge({ alg: 'HS256' }, { id: 'u1', exp: exp() }))).toThrow();
    expect(() => tokens.verifySync(forge({ alg: 'HS256' }, { jti: 's1', exp: exp() }))).toThrow();
    expect(() =>
      tokens.verifySync(forge({ alg: 'HS256' }, { id: 'u1', jti: 7, exp: exp() })),
    ).toThrow();
    const notJson = `${Buffer.from('nope').toString('base64url')}.${b64({})}.AAAA`;
    expect(() => tokens.verifySync(notJson)).toThrow();
    expect(() => tokens.verifySync(forge({ alg: 'HS256' }, [1, 2] as unknown as object))).toThrow();
    expect(tokens.verifySync(forge({ alg: 'HS256' }, { id: 'u1', jti: 's1', exp: exp() }))).toEqual(
      {
        id: 'u1',
        email: '',
        userType: 'user',
        sid: 's1',
      },
    );
  });

  it('remembers a verified token only until its exp, and never a refused one', () => {
    const service = createTokenService(SECRET);
    const start = Date.now();
    const token = forge(
      { alg: 'HS256' },
      { id: 'u1', jti: 's9', exp: Math.floor(start / 1000) + 2 },
    );
    try {
      vi.useFakeTimers({ now: start });
      expect(service.verifySync(token).sid).toBe('s9');
      expect(service.verifySync(token).sid).toBe('s9');
      vi.setSystemTime(start + 3000);
      expect(() => service.verifySync(token)).toThrow('expired');
    } finally {
      vi.useRealTimers();
    }
    const sig = token.split('.')[2]!;
    const forged = token.replace(
      /\.[^.]+$/,
      `.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'AB' : 'AA'}`,
    );
    expect(() => service.verifySync(forged)).toThrow();
    expect(() => service.verifySync(forged)).toThrow();
  });
});
