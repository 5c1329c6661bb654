import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface TokenSigner {
  signAccess(userId: string): Promise<{ token: string; jti: string; expiresAt: Date }>;
  verifyAccess(token: string): Promise<{ userId: string; jti: string; expiresAt: Date } | null>;
  /** A link to one file for the holder of session `sessionId` (an access token's jti). */
  signMedia(userId: string, resource: string, sessionId: string): Promise<string>;
  verifyMedia(token: string, resource: string): Promise<{ userId: string; sessionId: string } | null>;
  /**
   * Proof that a checkout page was opened by the person who started that checkout, from the sign-in
   * session `accessJti` (an access token's jti): logging out of it ends the link too.
   */
  signCheckout(userId: string, sessionId: string, accessJti: string): Promise<string>;
  /** The owner's id and sign-in session when the token is valid for this checkout session, else null. */
  verifyCheckout(token: string, sessionId: string): Promise<{ userId: string; accessJti: string } | null>;
}

export interface TokenOptions {
  secret: Uint8Array;
  accessTtlSeconds: number;
  mediaTtlSeconds: number;
  /** How long a local checkout link stays usable (Stripe's hosted sessions last longer; a test page needs less). */
  checkoutTtlSeconds?: number;
  now: () => Date;
}

const ISSUER = 'reelmint-api';

/**
 * HS256 tokens. Access tokens always carry `exp` (the front end logs out without it) and a `jti`
 * that logout revokes. Media tokens are scoped to one file so a leaked URL opens nothing else.
 */
export function createTokenSigner(options: TokenOptions): TokenSigner {
  const nowSeconds = () => Math.floor(options.now().getTime() / 1000);
  // Checking an HMAC through WebCrypto costs about 0.1 ms, more than the rest of a simple
  // request: a token already verified is remembered until it expires. Revocation is not cached
  // (the authenticator checks it in the database on every request).
  const verified = new Map<string, { userId: string; jti: string; expiresAt: Date }>();
  const CACHE_LIMIT = 10_000;

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
      const cached = verified.get(token);
      if (cached) {
        if (cached.expiresAt.getTime() > options.now().getTime()) return cached;
        verified.delete(token);
      }
      const payload = await verify(token);
      if (!payload || payload.typ !== 'access' || !payload.sub || !payload.jti || !payload.exp) return null;
      const claims = { userId: payload.sub, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
      // Maps iterate in insertion order, so the first key is the oldest entry.
      if (verified.size >= CACHE_LIMIT) verified.delete(verified.keys().next().value as string);
      verified.set(token, claims);
      return claims;
    },
    async signMedia(userId, resource, sessionId) {
      // `ses` ties the link to the session that asked for it, so logging out ends it too.
      const { token } = await sign({ typ: 'media', res: resource, ses: sessionId }, userId, options.mediaTtlSeconds, randomUUID());
      return token;
    },
    async verifyMedia(token, resource) {
      const payload = await verify(token);
      if (!payload || payload.typ !== 'media' || payload.res !== resource || !payload.sub || typeof payload.ses !== 'string') return null;
      return { userId: payload.sub, sessionId: payload.ses };
    },
    async signCheckout(userId, sessionId, accessJti) {
      const { token } = await sign({ typ: 'checkout', sid: sessionId, ses: accessJti }, userId, options.checkoutTtlSeconds ?? 60 * 60, randomUUID());
      return token;
    },
    async verifyCheckout(token, sessionId) {
      const payload = await verify(token);
      if (!payload || payload.typ !== 'checkout' || payload.sid !== sessionId || !payload.sub || typeof payload.ses !== 'string') return null;
      return { userId: payload.sub, accessJti: payload.ses };
    },
  };
}
