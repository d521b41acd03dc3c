/**
 * A Google stand-in on loopback for the end-to-end run: a real OpenID Connect server
 * (oauth2-mock-server) whose authorisation page sends the browser straight back with a code.
 */
import { Events, OAuth2Server } from 'oauth2-mock-server';

export const GOOGLE_TEST_USER = {
  email: 'google.guest@example.com',
  given_name: 'Ada',
  family_name: 'Google',
};

export async function startGoogle() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  server.service.on(Events.BeforeTokenSigning, (token) => {
    Object.assign(token.payload, { sub: 'google-e2e-1', email_verified: true, ...GOOGLE_TEST_USER });
  });
  return {
    env: { GOOGLE_CLIENT_ID: 'e2e-google-client', GOOGLE_CLIENT_SECRET: 'e2e-google-secret', GOOGLE_ISSUER: server.issuer.url! },
    close: () => server.stop(),
  };
}
