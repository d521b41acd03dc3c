/**
 * Google (OpenID Connect, discovered from GOOGLE_ISSUER) and Yandex ID (OAuth 2.0 with fixed
 * endpoints and the login.yandex.ru/info profile) through oauth4webapi. Authorization code flow
 * with PKCE (S256) and state; docs/decisions/007-social-sign-in.md.
 */
import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import type { OAuthProvider, OAuthProviders } from '@hotel/domain';
import type { Env } from '../../../env';

export interface ProviderProfile {
  /** The provider's stable id of the account (`sub` of Google, `id` of Yandex). */
  subject: string;
  /** An address the provider has verified belongs to the account. */
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface TokenExchange {
  /** The query string the provider sent back to the callback page. */
  callbackParameters: URLSearchParams;
  expectedState: string;
  codeVerifier: string;
  redirectUri: string;
}

export interface Provider {
  name: OAuthProvider;
  title: string;
  authorizationUrl(input: { state: string; codeChallenge: string; redirectUri: string }): Promise<URL>;
  /** Checks the callback, exchanges the code and reads the profile; throws on any failure. */
  signIn(exchange: TokenExchange): Promise<ProviderProfile>;
}

/** The provider refused to tell us a verified e-mail: nothing to sign in with. */
export class ProfileError extends Error {}

const TIMEOUT_MS = 10_000;

/** oauth4webapi refuses plain http; a local test server on loopback is the only exception. */
export function isLoopbackUrl(url: string | URL): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'https:') return false;
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

function httpOptions(url: string | URL) {
  return {
    signal: () => AbortSignal.timeout(TIMEOUT_MS),
    ...(isLoopbackUrl(url) ? { [oauth.allowInsecureRequests]: true } : {}),
  };
}

function authorizationUrl(
  as: oauth.AuthorizationServer,
  clientId: string,
  scope: string,
  input: { state: string; codeChallenge: string; redirectUri: string },
): URL {
  if (!as.authorization_endpoint) throw new Error('the provider has no authorization endpoint');
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', scope);
  url.searchParams.set('state', input.state);
  url.searchParams.set('code_challenge', input.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url;
}

async function exchangeCode(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  auth: oauth.ClientAuth,
  exchange: TokenExchange,
  options: oauth.ProcessAuthorizationCodeResponseOptions = {},
): Promise<oauth.TokenEndpointResponse> {
  const parameters = oauth.validateAuthResponse(as, client, exchange.callbackParameters, exchange.expectedState);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    auth,
    parameters,
    exchange.redirectUri,
    exchange.codeVerifier,
    httpOptions(as.token_endpoint!),
  );
  return oauth.processAuthorizationCodeResponse(as, client, response, options);
}

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

function googleProvider(env: Env, clientId: string, clientSecret: string): Provider {
  const issuer = new URL(env.GOOGLE_ISSUER);
  const client: oauth.Client = { client_id: clientId };
  // In the body rather than Basic: Basic form-encodes the id (Google's contain '-' and '.'), which
  // not every server decodes.
  const auth = oauth.ClientSecretPost(clientSecret);
  // Discovery is cached for an hour; a failed one is retried on the next request.
  let cached: { at: number; as: Promise<oauth.AuthorizationServer> } | undefined;
  const metadata = () => {
    if (!cached || Date.now() - cached.at > 3_600_000) {
      const as = oauth
        .discoveryRequest(issuer, httpOptions(issuer))
        .then((response) => oauth.processDiscoveryResponse(issuer, response));
      as.catch(() => (cached = undefined));
      cached = { at: Date.now(), as };
    }
    return cached.as;
  };

  return {
    name: 'google',
    title: 'Google',
    async authorizationUrl(input) {
      return authorizationUrl(await metadata(), clientId, 'openid email profile', input);
    },
    async signIn(exchange) {
      const as = await metadata();
      const tokens = await exchangeCode(as, client, auth, exchange, { requireIdToken: true });
      const claims = oauth.getValidatedIdTokenClaims(tokens)!;
      let profile: Record<string, unknown> = claims;
      if (typeof claims.email !== 'string' && as.userinfo_endpoint) {
        const response = await oauth.userInfoRequest(as, client, tokens.access_token, httpOptions(as.userinfo_endpoint));
        profile = { ...(await oauth.processUserInfoResponse(as, client, claims.sub, response)), ...claims };
      }
      if (typeof profile.email !== 'string' || profile.email_verified !== true) {
        throw new ProfileError('Google did not confirm an e-mail address');
      }
      return {
        subject: claims.sub,
        email: profile.email.toLowerCase(),
        firstName: blankToNull(profile.given_name),
        lastName: blankToNull(profile.family_name),
      };
    },
  };
}

/** https://yandex.ru/dev/id/doc/ru/user-information: the fields we read of login.yandex.ru/info. */
const yandexInfoSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  default_email: z.string().optional(),
  emails: z.array(z.string()).optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
});

function yandexProvider(env: Env, clientId: string, clientSecret: string): Provider {
  // Yandex publishes no discovery document for this flow; the endpoints are configured.
  const as: oauth.AuthorizationServer = {
    issuer: new URL(env.YANDEX_AUTHORIZE_URL).origin,
    authorization_endpoint: env.YANDEX_AUTHORIZE_URL,
    token_endpoint: env.YANDEX_TOKEN_URL,
  };
  const client: oauth.Client = { client_id: clientId };
  const auth = oauth.ClientSecretPost(clientSecret);

  return {
    name: 'yandex',
    title: 'Yandex',
    async authorizationUrl(input) {
      return authorizationUrl(as, clientId, 'login:email login:info', input);
    },
    async signIn(exchange) {
      const tokens = await exchangeCode(as, client, auth, exchange);
      const infoUrl = new URL(env.YANDEX_INFO_URL);
      infoUrl.searchParams.set('format', 'json');
      const response = await fetch(infoUrl, {
        headers: { authorization: `OAuth ${tokens.access_token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`Yandex info answered ${response.status}`);
      const info = yandexInfoSchema.parse(await response.json());
      // Addresses Yandex lists for the account are confirmed ones; default_email is the main one.
      const email = info.default_email ?? info.emails?.[0];
      if (!email) throw new ProfileError('Yandex did not share an e-mail address');
      return {
        subject: info.id,
        email: email.toLowerCase(),
        firstName: blankToNull(info.first_name),
        lastName: blankToNull(info.last_name),
      };
    },
  };
}

export function configuredProviders(env: Env): OAuthProviders {
  return {
    google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    yandex: Boolean(env.YANDEX_CLIENT_ID && env.YANDEX_CLIENT_SECRET),
  };
}

/** The configured providers of this server (one instance each, so Google's discovery is cached). */
export function createProviders(env: Env): Partial<Record<OAuthProvider, Provider>> {
  const providers: Partial<Record<OAuthProvider, Provider>> = {};
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.google = googleProvider(env, env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET);
  }
  if (env.YANDEX_CLIENT_ID && env.YANDEX_CLIENT_SECRET) {
    providers.yandex = yandexProvider(env, env.YANDEX_CLIENT_ID, env.YANDEX_CLIENT_SECRET);
  }
  return providers;
}
