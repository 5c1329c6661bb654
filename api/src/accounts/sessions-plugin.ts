import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAuthenticator } from './authenticator.ts';
import type { Authenticator } from './authenticator.ts';
import { createTokenSigner } from './tokens.ts';
import type { TokenSigner } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks access, media and checkout tokens. */
    tokens: TokenSigner;
    /** Who is asking: sessions behind the bearer tokens, their revocation. */
    auth: Authenticator;
  }
}

export interface SessionOptions {
  jwtSecret: string | Uint8Array;
  accessTokenTtlSeconds?: number;
  mediaTokenTtlSeconds?: number;
}

/** Sessions: the tokens the API signs and the check every signed-in route makes. */
async function sessions(app: FastifyInstance, options: SessionOptions): Promise<void> {
  const secret = typeof options.jwtSecret === 'string' ? new TextEncoder().encode(options.jwtSecret) : options.jwtSecret;
  const tokens = createTokenSigner({
    secret,
    accessTtlSeconds: options.accessTokenTtlSeconds ?? 24 * 60 * 60,
    mediaTtlSeconds: options.mediaTokenTtlSeconds ?? 60 * 60,
    now: app.core.now,
  });
  app.decorate('tokens', tokens);
  app.decorate('auth', createAuthenticator(app.core, tokens));
}

export default fp(sessions, { name: 'sessions', fastify: '5.x', dependencies: ['database'] });
