/**
 * Sign-in, sign-up, activation and the session (spec section 7, Authentication; API-03..API-11).
 * Who may call: anyone with the client token, except GET me/ (a signed-in user). The routes that
 * check a password or a code, or send mail, are rate-limited per client (AUTH_RATE_LIMIT_PER_MINUTE).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  codeBodySchema,
  emailBodySchema,
  emailQuerySchema,
  loginResponseSchema,
  loginSchema,
  oauthProvidersSchema,
  okSchema,
  signupSchema,
  userSchema,
  STAFF_MESSAGES,
} from '@hotel/domain';
import { HttpError } from '../../plugins/errors';
import { sendCode } from './codes';
import { configuredProviders } from './oauth/providers';
import { activateAccount, registerUser } from './sign-up';
import { verifySecret } from './passwords';
import { strictRateLimit } from './rate-limit';
import { currentUser, detailLanguage, endSession, requireUser, startSession } from './session';
import { clearFailedSignIns, rememberBrowser, takeSignInTurn } from './sign-in-guard';
import { findUserByEmail, presentUser, presentUserWithRoles } from './users';

const errorSchema = z.object({ detail: z.string() });
const USER_NOT_FOUND = 'User not found';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const strict = strictRateLimit(app);

  // Anyone: the screens ask before choosing between the password step and registration.
  app.get(
    '/email/',
    {
      config: strict,
      schema: {
        tags: ['auth'],
        summary: 'Is this e-mail registered? (API-03)',
        querystring: emailQuerySchema,
        response: { 200: okSchema, 404: errorSchema },
      },
    },
    async (request) => {
      if (!(await findUserByEmail(app.db, request.query.email))) throw new HttpError(404, USER_NOT_FOUND);
      return { ok: true as const };
    },
  );

  // Anyone.
  app.post(
    '/login/',
    {
      config: strict,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password; sets the session cookie (API-05)',
        body: loginSchema,
        description: 'After 5 wrong passwords in a row the account answers 429 with Retry-After for a while that doubles with each further one, except to a browser that signed in to it before; a password reset ends it.',
        response: { 200: loginResponseSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await findUserByEmail(app.db, request.body.email);
      if (!user) throw new HttpError(404, USER_NOT_FOUND);
      const wait = await takeSignInTurn(request, user.id);
      if (wait > 0) {
        reply.header('retry-after', wait);
        throw new HttpError(429, `Too many wrong passwords for this account: try again in ${wait} s, or reset the password`);
      }
      // A user made by social sign-in has no password until they set one through a reset.
      if (!user.passwordHash || !(await verifySecret(user.passwordHash, request.body.password))) {
        throw new HttpError(403, 'Invalid password');
      }
      // Someone who left the staff signs in no more (issue 49).
      if (user.deactivatedAt) throw new HttpError(403, STAFF_MESSAGES.deactivated[detailLanguage(request)]);
      await clearFailedSignIns(app.db, user.id);
      rememberBrowser(request, reply, user.id);
      await startSession(request, reply, user.id);
      return { ok: true as const, user: await presentUserWithRoles(app.db, user) };
    },
  );

  // Anyone. The new user is signed in at once and confirms the e-mail later with the mailed code.
  app.post(
    '/signup/',
    {
      config: strict,
      schema: {
        tags: ['auth'],
        summary: 'Create an account, sign in, mail the activation code (API-06)',
        body: signupSchema,
        response: { 201: userSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { first_name, email, password, language } = request.body;
      const user = await registerUser(request, { email, firstName: first_name, password, language });
      await startSession(request, reply, user.id);
      try {
        await sendCode(app, user, 'activation');
      } catch (error) {
        // The account stands; the activation banner's resend sends a new code.
        if (!(error instanceof HttpError)) throw error;
      }
      return reply.code(201).send(presentUser(user, []));
    },
  );

  const sendActivation = async (email: string) => {
    const user = await findUserByEmail(app.db, email);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    if (user.isActive) throw new HttpError(400, 'Account is already active');
    await sendCode(app, user, 'activation');
    return { ok: true as const };
  };
  const sendSchema = {
    tags: ['auth'],
    body: emailBodySchema,
    response: { 200: okSchema, 400: errorSchema, 404: errorSchema, 429: errorSchema, 503: errorSchema },
  };

  // Anyone: a new activation code for a registered, not yet active account (API-04).
  app.post(
    '/send_code/',
    { config: strict, schema: { ...sendSchema, summary: 'Mail a new activation code (API-04)' } },
    async (request) => sendActivation(request.body.email),
  );

  // Anyone: the activation banner's resend (API-08); same as send_code/.
  app.post(
    '/activate/resend/',
    { config: strict, schema: { ...sendSchema, summary: 'Resend the activation code, at most once per 59 s (API-08)' } },
    async (request) => sendActivation(request.body.email),
  );

  // Anyone who has the code (the letter may be opened on another device).
  app.post(
    '/activate/',
    {
      config: strict,
      schema: {
        tags: ['auth'],
        summary: 'Confirm the e-mail with the mailed code; the account becomes active (API-07)',
        body: codeBodySchema,
        response: { 200: userSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      return presentUserWithRoles(app.db, await activateAccount(request, request.body.email, request.body.code));
    },
  );

  // A signed-in user.
  app.get(
    '/me/',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (API-09); 401 without a session',
        response: { 200: userSchema, 401: errorSchema },
      },
    },
    async (request) => presentUser(currentUser(request), currentUser(request).staffRoles),
  );

  // Anyone: ends the session if there is one and clears the cookie either way.
  app.post(
    '/logout/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the session is deleted and the cookie cleared (API-11)',
        // Clients send no body, `{}` or null; all mean the same.
        body: z.strictObject({}).nullish(),
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      await endSession(request, reply);
      return { ok: true as const };
    },
  );

  // Anyone: which social sign-in buttons the web shows.
  app.get(
    '/providers/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Configured social sign-in providers',
        response: { 200: oauthProvidersSchema },
      },
    },
    async () => configuredProviders(app.env),
  );
};
