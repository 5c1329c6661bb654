import type { FastifyRequest } from 'fastify';
import type { CoreContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { unauthenticated } from '../http/errors.ts';
import type { TokenSigner } from './tokens.ts';

export interface Session {
  user: User;
  jti: string;
  expiresAt: Date;
}

export interface Authenticator {
  /** The signed-in session, or a 401 UNAUTHENTICATED. */
  require(request: FastifyRequest): Promise<Session>;
  /** The signed-in session, or null for visitors (and for bad tokens: public routes ignore them). */
  optional(request: FastifyRequest): Promise<Session | null>;
  revoke(session: Session): Promise<void>;
  /** Whether the session with this jti was logged out. */
  isRevoked(jti: string): Promise<boolean>;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export function createAuthenticator(ctx: CoreContext, tokens: TokenSigner): Authenticator {
  async function resolve(token: string): Promise<Session | null> {
    const claims = await tokens.verifyAccess(token);
    if (!claims) return null;
    // One round trip: the user, unless this token was revoked by a logout.
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', claims.userId)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('revoked_tokens').select('jti').where('jti', '=', claims.jti))))
      .executeTakeFirst();
    return user ? { user, jti: claims.jti, expiresAt: claims.expiresAt } : null;
  }

  return {
    async require(request) {
      const token = bearerToken(request);
      if (!token) throw unauthenticated();
      const session = await resolve(token);
      if (!session) throw unauthenticated('Your session is invalid or has expired. Please sign in again.');
      return session;
    },
    async optional(request) {
      const token = bearerToken(request);
      return token ? resolve(token) : null;
    },
    async isRevoked(jti) {
      return (await ctx.db.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti).executeTakeFirst()) !== undefined;
    },
    async revoke(session) {
      const now = ctx.now().toISOString();
      await ctx.db
        .insertInto('revoked_tokens')
        .values({ jti: session.jti, user_id: session.user.id, expires_at: session.expiresAt.toISOString() })
        .onConflict((oc) => oc.column('jti').doNothing())
        .execute();
      // Revocations outlive their tokens only until the token would have expired anyway.
      await ctx.db.deleteFrom('revoked_tokens').where('expires_at', '<', now).execute();
    },
  };
}
