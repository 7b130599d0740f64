import { SignJWT, jwtVerify } from 'jose';

export type TokenClaims = { id: string; email: string; userType: string; sid: string };

export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ id: claims.id, email: claims.email, userType: claims.userType })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setJti(claims.sid)
        .setSubject(claims.id)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    /** Throws on a bad signature, a non-HS256 algorithm (alg: none included) or a passed `exp`. */
    async verify(token: string): Promise<TokenClaims> {
      const { payload } = await jwtVerify(token, key, {
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
