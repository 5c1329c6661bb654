import type { FastifyRequest } from 'fastify';
import { CompiledQuery } from 'kysely';
import type { CoreContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { unauthenticated } from '../http/errors.ts';
import type { TokenSigner } from './tokens.ts';

export interface Session {
  user: User;
  jti: string;
  expiresAt: Date;
}

export interface SignedIn {
  token: string;
  jti: string;
  expiresAt: Date;
}

export interface Authenticator {
  /** The signed-in session, or a 401 UNAUTHENTICATED. */
  require(request: FastifyRequest): Promise<Session>;
  /** The signed-in session, or null for visitors (and for bad tokens: public routes ignore them). */
  optional(request: FastifyRequest): Promise<Session | null>;
  /** Signs the person in: a new access token and the session row that keeps it valid. */
  signIn(userId: string, userAgent?: string | null): Promise<SignedIn>;
  /** Ends this one session (logout). */
  revoke(session: Session): Promise<void>;
  /** Whether the session with this jti has ended (logout, password reset, sign out everywhere) or never existed. */
  isRevoked(jti: string): Promise<boolean>;
  /** Ends every session of the person except `keepJti` (every one when it is omitted). */
  endSessions(userId: string, keepJti?: string): Promise<number>;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Stand-ins compiled into the session query in place of the values each request fills in. */
const JTI = '\u0000jti';
const USER_ID = '\u0000user';

export function createAuthenticator(ctx: CoreContext, tokens: TokenSigner): Authenticator {
  // Every authenticated request runs this one query: the user, provided this token's session still exists.
  // Kysely would build and compile it again each time, which cost about as much as running it; it is compiled
  // once here and run with each request's values in the stand-ins' places.
  const sessionUser = ctx.db
    .selectFrom('users')
    .selectAll('users')
    .innerJoin('sessions', 'sessions.user_id', 'users.id')
    .where('sessions.jti', '=', JTI)
    .where('users.id', '=', USER_ID)
    .compile();

  async function resolve(token: string): Promise<Session | null> {
    const claims = await tokens.verifyAccess(token);
    if (!claims) return null;
    const parameters = sessionUser.parameters.map((value) => (value === JTI ? claims.jti : value === USER_ID ? claims.userId : value));
    const { rows } = await ctx.db.executeQuery<User>(CompiledQuery.raw(sessionUser.sql, parameters));
    const user = rows[0];
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
      return (await ctx.db.selectFrom('sessions').select('jti').where('jti', '=', jti).executeTakeFirst()) === undefined;
    },
    async signIn(userId, userAgent) {
      const signed = await tokens.signAccess(userId);
      const now = ctx.now().toISOString();
      await ctx.db
        .insertInto('sessions')
        .values({
          jti: signed.jti,
          user_id: userId,
          user_agent: userAgent ? userAgent.slice(0, 300) : null,
          created_at: now,
          expires_at: signed.expiresAt.toISOString(),
        })
        .execute();
      // Sessions whose token has expired are of no use to anyone; each sign-in sweeps its owner's.
      await ctx.db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<', now).execute();
      return signed;
    },
    async revoke(session) {
      await ctx.db.deleteFrom('sessions').where('jti', '=', session.jti).execute();
    },
    async endSessions(userId, keepJti) {
      let query = ctx.db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepJti) query = query.where('jti', '!=', keepJti);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
