import { OAuth2Server } from 'oauth2-mock-server';

export interface OidcUser {
  sub: string;
  email: string;
  name: string;
}

export interface OidcProvider {
  /** The issuer URL, for GOOGLE_ISSUER. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the provider signs in as on the next authorization (it has no login screen). */
  setUser(user: OidcUser): void;
  close(): Promise<void>;
}

/** A real OpenID Connect provider on loopback standing in for Google: discovery, authorize, token, userinfo, JWKS. */
export async function startOidcProvider(): Promise<OidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let user: OidcUser = { sub: 'google-user-1', email: 'student@example.com', name: 'Test Student' };
  const claims = () => ({ sub: user.sub, email: user.email, email_verified: true, name: user.name });

  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, claims());
  });
  server.service.on('beforeUserinfo', (response) => {
    response.body = claims();
  });

  return {
    issuer: server.issuer.url ?? '',
    clientId: 'threadbook-test-client',
    clientSecret: 'threadbook-test-secret',
    setUser(next) {
      user = next;
    },
    close: () => server.stop(),
  };
}
