import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

export type TokenClaims = { id: string; email: string; userType: string; sid: string };

/** The only algorithm we issue and accept. */
const HS256 = 'HS256';

function decodeJson(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('malformed token');
  return value as Record<string, unknown>;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Verifies an HS256 JWT with node:crypto (one HMAC, one constant-time compare), with the checks
 * jose's jwtVerify made for us: three base64url parts, a JSON header whose `alg` is HS256 (so
 * `none` and every other algorithm are refused) and that asks for no `crit` extension, a valid
 * signature, a numeric `exp` in the future, a `nbf` (if any) not in the future, a string `jti`.
 */
export function verifyHs256(
  key: Buffer,
  token: string,
  nowSeconds = Math.floor(Date.now() / 1000),
) {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error('malformed token');
  const [head, body, sig] = parts as [string, string, string];
  if (!BASE64URL.test(head) || !BASE64URL.test(body) || !BASE64URL.test(sig))
    throw new Error('malformed token');
  const header = decodeJson(head);
  if (header.alg !== HS256) throw new Error('unexpected algorithm');
  if (header.crit !== undefined) throw new Error('unsupported critical header');
  // Compared as text: base64url's last character carries two unused bits, so decoding would let
  // four spellings of one signature pass; only the canonical one does.
  const expected = Buffer.from(
    createHmac('sha256', key).update(`${head}.${body}`).digest('base64url'),
  );
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new Error('bad signature');
  const payload = decodeJson(body);
  if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp))
    throw new Error('missing exp');
  if (payload.exp <= nowSeconds) throw new Error('expired');
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > nowSeconds))
    throw new Error('not yet valid');
  if (payload.iat !== undefined && typeof payload.iat !== 'number') throw new Error('bad iat');
  if (typeof payload.jti !== 'string') throw new Error('missing jti');
  return payload;
}

/** Tokens whose signature was checked recently (bounded; least recently verified out first). */
const VERIFIED_MAX = 10_000;

export function createTokenService(secret: string) {
  const rawKey = Buffer.from(secret, 'utf8');
  /**
   * A token that verified once verifies again until its `exp`: the same string always decodes to
   * the same claims, so repeat calls skip the HMAC and JSON work and only re-check `exp`. Whether
   * the session behind it is still live is the session cache's question, asked on every request.
   */
  const verified = new Map<string, { claims: TokenClaims; expMs: number }>();
  // Imported once: handing jose the raw bytes would import the key again on every call.
  const keyPromise = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  function verifySync(token: string): TokenClaims {
    const now = Date.now();
    const hit = verified.get(token);
    if (hit) {
      if (hit.expMs > now) return hit.claims;
      verified.delete(token);
    }
    const payload = verifyHs256(rawKey, token, Math.floor(now / 1000));
    if (typeof payload.id !== 'string' || typeof payload.jti !== 'string')
      throw new Error('malformed token');
    const claims: TokenClaims = Object.freeze({
      id: payload.id,
      email: String(payload.email ?? ''),
      userType: String(payload.userType ?? 'user'),
      sid: payload.jti,
    });
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims, expMs: (payload.exp as number) * 1000 });
    return claims;
  }
  return {
    async sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ id: claims.id, email: claims.email, userType: claims.userType })
        .setProtectedHeader({ alg: HS256, typ: 'JWT' })
        .setJti(claims.sid)
        .setSubject(claims.id)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await keyPromise);
    },
    /** Throws on a bad signature, a non-HS256 algorithm (alg: none included) or a passed `exp`. */
    async verify(token: string): Promise<TokenClaims> {
      return verifySync(token);
    },
    /** `verify` without the promise: the hot path of every authenticated request. */
    verifySync,
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
