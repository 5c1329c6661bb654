import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface TokenSigner {
  signAccess(userId: string): Promise<{ token: string; jti: string; expiresAt: Date }>;
  verifyAccess(token: string): Promise<{ userId: string; jti: string; expiresAt: Date } | null>;
  signMedia(userId: string, resource: string): Promise<string>;
  verifyMedia(token: string, resource: string): Promise<string | null>;
}

export interface TokenOptions {
  secret: Uint8Array;
  accessTtlSeconds: number;
  mediaTtlSeconds: number;
  now: () => Date;
}

const ISSUER = 'reelmint-api';

/**
 * HS256 tokens. Access tokens always carry `exp` (the front end logs out without it) and a `jti`
 * that logout revokes. Media tokens are scoped to one file so a leaked URL opens nothing else.
 */
export function createTokenSigner(options: TokenOptions): TokenSigner {
  const nowSeconds = () => Math.floor(options.now().getTime() / 1000);

  async function sign(claims: Record<string, unknown>, subject: string, ttl: number, jti: string) {
    const issuedAt = nowSeconds();
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setJti(jti)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttl)
      .sign(options.secret);
    return { token, expiresAt: new Date((issuedAt + ttl) * 1000) };
  }

  async function verify(token: string) {
    try {
      const { payload } = await jwtVerify(token, options.secret, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: options.now(),
        requiredClaims: ['exp', 'sub', 'jti'],
      });
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }

  return {
    async signAccess(userId) {
      const jti = randomUUID();
      const { token, expiresAt } = await sign({ typ: 'access' }, userId, options.accessTtlSeconds, jti);
      return { token, jti, expiresAt };
    },
    async verifyAccess(token) {
      const payload = await verify(token);
      if (!payload || payload.typ !== 'access' || !payload.sub || !payload.jti || !payload.exp) return null;
      return { userId: payload.sub, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
    },
    async signMedia(userId, resource) {
      const { token } = await sign({ typ: 'media', res: resource }, userId, options.mediaTtlSeconds, randomUUID());
      return token;
    },
    async verifyMedia(token, resource) {
      const payload = await verify(token);
      if (!payload || payload.typ !== 'media' || payload.res !== resource || !payload.sub) return null;
      return payload.sub;
    },
  };
}
