import { SignJWT, jwtVerify } from 'jose';

export type TokenClaims = { id: string; email: string; userType: string; sid: string };

export function createTokenService(secret: string) {
  // Imported once: handing jose the raw bytes would import the key again on every call.
  const keyPromise = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ id: claims.id, email: claims.email, userType: claims.userType })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setJti(claims.sid)
        .setSubject(claims.id)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await keyPromise);
    },
    /** Throws on a bad signature, a non-HS256 algorithm (alg: none included) or a passed `exp`. */
    async verify(token: string): Promise<TokenClaims> {
      const { payload } = await jwtVerify(token, await keyPromise, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'jti'],
      });
      if (typeof payload.id !== 'string' || typeof payload.jti !== 'string')
        throw new Error('malformed token');
      return {
        id: payload.id,
        email: String(payload.email ?? ''),
        userType: String(payload.userType ?? 'user'),
        sid: payload.jti,
      };
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
