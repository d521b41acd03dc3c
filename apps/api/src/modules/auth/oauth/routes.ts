/**
 * Social sign-in routes (API-10). Two plugins because they sit on two sides of the client token:
 * - oauthStartRoutes, GET auth/{provider}/start/: a plain link the browser follows (it cannot add
 *   the x-client-token header), so it is registered outside the token check, like uploads.
 *   Who may call: anyone. It only sets the state cookie and redirects to the provider.
 * - oauthCallbackRoutes, GET {provider}/callback/: called by the web page /{provider}/callback
 *   with the query string the provider sent. Who may call: anyone with the client token and the
 *   state cookie set by start/ in the same browser.
 */
import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OAUTH_PROVIDERS, STAFF_MESSAGES, userSchema, type OAuthProvider } from '@hotel/domain';
import { siteOrigin, type Env } from '../../../env';
import { HttpError } from '../../../plugins/errors';
import { strictRateLimit } from '../rate-limit';
import { detailLanguage, startSession } from '../session';
import { presentUserWithRoles } from '../users';
import { createProviders, ProfileError } from './providers';
import { findOrCreateSocialUser } from './sign-in';
import { setStateCookie, takeStateCookie } from './state-cookie';

const errorSchema = z.object({ detail: z.string() });

// One set per configuration, shared by both plugins, so Google's discovery is fetched once.
const providersByEnv = new WeakMap<Env, ReturnType<typeof createProviders>>();

function provider(env: Env, name: OAuthProvider) {
  let providers = providersByEnv.get(env);
  if (!providers) {
    providers = createProviders(env);
    providersByEnv.set(env, providers);
  }
  return providers[name];
}

export const oauthStartRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const name of OAUTH_PROVIDERS) {
    app.get(
      `/${name}/start/`,
      {
        config: strictRateLimit(app),
        schema: {
          tags: ['auth'],
          summary: `Start sign-in with ${name === 'google' ? 'Google' : 'Yandex'}: 302 to its authorisation page`,
          security: [],
          response: { 404: errorSchema, 502: errorSchema },
        },
      },
      async (request, reply) => {
        const configured = provider(app.env, name);
        if (!configured) throw new HttpError(404, `Sign-in with ${name} is not configured`);
        const origin = siteOrigin(app.env);
        const redirectUri = new URL(`/${name}/callback`, origin).toString();
        const state = oauth.generateRandomState();
        const codeVerifier = oauth.generateRandomCodeVerifier();
        let url: URL;
        try {
          url = await configured.authorizationUrl({
            state,
            codeChallenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
            redirectUri,
          });
        } catch (error) {
          request.log.warn({ err: error, provider: name }, 'social sign-in could not start');
          throw new HttpError(502, `${configured.title} is not reachable, try again later`);
        }
        setStateCookie(request, reply, { provider: name, state, codeVerifier, redirectUri });
        return reply.redirect(url.toString(), 302);
      },
    );
  }
};

// Providers add their own parameters (Google: scope, authuser, prompt, iss); all are passed on.
const callbackQuerySchema = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

export const oauthCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const name of OAUTH_PROVIDERS) {
    app.get(
      `/${name}/callback/`,
      {
        config: strictRateLimit(app),
        schema: {
          tags: ['auth'],
          summary: `Finish sign-in with ${name === 'google' ? 'Google' : 'Yandex'}: the query the provider sent (code, state); signs in (API-10)`,
          querystring: callbackQuerySchema,
          response: { 200: userSchema, 400: errorSchema },
        },
      },
      async (request, reply) => {
        const configured = provider(app.env, name);
        const signInState = takeStateCookie(request, reply, name);
        if (!configured) throw new HttpError(400, `Sign-in with ${name} is not configured`);
        if (request.query.error) throw new HttpError(400, `Sign-in with ${configured.title} was cancelled`);
        if (!request.query.code) throw new HttpError(400, 'Missing code');
        if (!signInState) throw new HttpError(400, 'Sign-in expired or started in another browser, please try again');

        let profile;
        try {
          profile = await configured.signIn({
            callbackParameters: new URLSearchParams(
              Object.entries(request.query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
            ),
            expectedState: signInState.state,
            codeVerifier: signInState.codeVerifier,
            redirectUri: signInState.redirectUri,
          });
        } catch (error) {
          if (error instanceof ProfileError) throw new HttpError(400, error.message);
          // The error's name and message only: no tokens or codes in the log.
          request.log.warn(
            { provider: name, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
            'social sign-in failed',
          );
          throw new HttpError(400, `Sign-in with ${configured.title} failed`);
        }
        const user = await findOrCreateSocialUser(request, name, profile);
        if (user.deactivatedAt) throw new HttpError(403, STAFF_MESSAGES.deactivated[detailLanguage(request)]);
        await startSession(request, reply, user.id);
        return presentUserWithRoles(app.db, user);
      },
    );
  }
};
