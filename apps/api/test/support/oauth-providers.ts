/**
 * Social sign-in providers on loopback: Google as a real OpenID Connect server (oauth2-mock-server:
 * discovery, signed id_tokens, PKCE checks), Yandex as a small imitation of oauth.yandex.ru
 * (authorize, token with PKCE and client secret) and login.yandex.ru/info.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Events, OAuth2Server } from 'oauth2-mock-server';

export interface GoogleClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export async function startGoogle() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let claims: GoogleClaims = { sub: 'google-1' };
  server.service.on(Events.BeforeTokenSigning, (token) => {
    Object.assign(token.payload, claims);
  });
  return {
    server,
    issuer: server.issuer.url!,
    /** The person who signs in next. */
    setClaims(next: GoogleClaims) {
      claims = next;
    },
    /** The next token request fails as a real server does for a bad code. */
    failNextToken() {
      server.service.once(Events.BeforeResponse, (response) => {
        response.statusCode = 400;
        response.body = { error: 'invalid_grant', error_description: 'Bad code' };
      });
    },
    close: () => server.stop(),
  };
}

export interface YandexInfo {
  id: string;
  login?: string;
  default_email?: string;
  emails?: string[];
  first_name?: string;
  last_name?: string;
}

export const YANDEX_CLIENT = { id: 'yandex-client', secret: 'yandex-secret' };

export async function startYandex() {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const tokens = new Map<string, YandexInfo>();
  let info: YandexInfo = { id: '1000' };
  let failInfo = false;
  const seen = { authorize: [] as URLSearchParams[], infoAuthorization: [] as string[] };

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString());
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const q = url.searchParams;
      seen.authorize.push(q);
      if (q.get('response_type') !== 'code' || q.get('client_id') !== YANDEX_CLIENT.id || q.get('code_challenge_method') !== 'S256') {
        return json(res, 400, { error: 'invalid_request' });
      }
      const code = randomUUID();
      codes.set(code, { challenge: q.get('code_challenge')!, redirectUri: q.get('redirect_uri')! });
      const back = new URL(q.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state')!);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const body = await readBody(req);
      const saved = codes.get(body.get('code') ?? '');
      codes.delete(body.get('code') ?? '');
      const verifier = body.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        body.get('grant_type') !== 'authorization_code' ||
        body.get('client_id') !== YANDEX_CLIENT.id ||
        body.get('client_secret') !== YANDEX_CLIENT.secret ||
        !saved ||
        saved.challenge !== challenge ||
        saved.redirectUri !== body.get('redirect_uri')
      ) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'Code has expired' });
      }
      const accessToken = randomUUID();
      tokens.set(accessToken, info);
      return json(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: 3600, refresh_token: randomUUID() });
    }
    if (req.method === 'GET' && url.pathname === '/info') {
      const authorization = req.headers.authorization ?? '';
      seen.infoAuthorization.push(authorization);
      const profile = tokens.get(authorization.replace(/^OAuth /, ''));
      if (failInfo || !profile || url.searchParams.get('format') !== 'json') {
        failInfo = false;
        return json(res, 401, { error: 'invalid token' });
      }
      return json(res, 200, { ...profile, client_id: YANDEX_CLIENT.id, psuid: 'x' });
    }
    json(res, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    seen,
    env: {
      YANDEX_CLIENT_ID: YANDEX_CLIENT.id,
      YANDEX_CLIENT_SECRET: YANDEX_CLIENT.secret,
      YANDEX_AUTHORIZE_URL: `${base}/authorize`,
      YANDEX_TOKEN_URL: `${base}/token`,
      YANDEX_INFO_URL: `${base}/info`,
    },
    setInfo(next: YandexInfo) {
      info = next;
    },
    failNextInfo() {
      failInfo = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
