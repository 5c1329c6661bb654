import { OAuth2Client } from 'google-auth-library';

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface GoogleVerifier {
  readonly clientId: string;
  /** Resolves the identity in a valid ID token for our client id; rejects otherwise. */
  verify(idToken: string): Promise<GoogleIdentity>;
}

/** PEM public keys by key id, as Google publishes them. */
export type CertificateSource = () => Promise<Record<string, string>>;

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/**
 * Verifies Google ID tokens with google-auth-library. The certificate source is injectable so
 * tests can sign tokens with their own keys and still run the library's real checks (signature,
 * audience, issuer, expiry).
 */
export function createGoogleVerifier(clientId: string, certificates?: CertificateSource): GoogleVerifier {
  const client = new OAuth2Client({ clientId });
  const source: CertificateSource = certificates ?? (async () => (await client.getFederatedSignonCertsAsync()).certs as Record<string, string>);

  return {
    clientId,
    async verify(idToken) {
      const ticket = await client.verifySignedJwtWithCertsAsync(idToken, await source(), clientId, ISSUERS);
      const payload = ticket.getPayload();
      if (!payload?.sub || !payload.email) throw new Error('Google token has no subject or email');
      return {
        sub: payload.sub,
        email: payload.email,
        emailVerified: payload.email_verified === true,
        name: payload.name ?? payload.email.split('@')[0] ?? 'Google user',
      };
    },
  };
}
