/**
 * The account (spec section 7, Account; API-13..API-18, API-24, API-25): profile, e-mail change,
 * password, guests and delivery addresses of the signed-in user.
 * Who may call: a signed-in user, about their own data only (requireUser on every route of this
 * plugin; rows of other users answer 404). Exception: the password reset routes, which anyone may
 * call (registered from password-reset.ts).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSchema, changePasswordSchema, okSchema, profileUpdateSchema, userSchema } from '@hotel/domain';
import { strictRateLimit } from '../auth/rate-limit';
import { currentUser, requireUser, startSession } from '../auth/session';
import { presentUser } from '../auth/users';
import { addressRoutes } from './addresses';
import { emailChangeRoutes } from './email-change';
import { guestRoutes } from './guests';
import { listCards } from '../payments/cards';
import { passwordResetRoutes } from './password-reset';
import { presentAddress } from './present';
import { changePassword, saveProfile } from './profile';
import { userAddresses } from './repository';

const errorSchema = z.object({ detail: z.string() });

const signedInRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is read: a stranger learns nothing about what the route would accept.
  app.addHook('onRequest', requireUser);

  app.get(
    '/',
    {
      schema: {
        tags: ['account'],
        summary: 'The profile with delivery addresses and payment methods, for checkout (API-13, API-14)',
        response: { 200: accountSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const rows = await userAddresses(app.db, user.id, { primaryFirst: true });
      return { ...presentUser(user, user.staffRoles), delivery_addresses: rows.map(presentAddress), payment_methods: await listCards(app.db, user.id) };
    },
  );

  app.put(
    '/',
    {
      schema: {
        tags: ['account'],
        summary: 'Update the profile (API-13); the e-mail changes only through account/email/ (a code to the new address)',
        body: profileUpdateSchema,
        response: { 200: userSchema, 401: errorSchema, 422: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return presentUser(await saveProfile(app.db, user, request.body), user.staffRoles);
    },
  );

  app.post(
    '/password/',
    {
      config: strictRateLimit(app),
      schema: {
        tags: ['account'],
        summary: 'Change the password (API-17); other sessions end, this one is renewed',
        body: changePasswordSchema,
        response: { 200: okSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { old_password, new_password } = request.body;
      await changePassword(app.db, user, old_password, new_password);
      request.sessionTokenHash = null;
      await startSession(request, reply, user.id);
      return { ok: true as const };
    },
  );

  await app.register(emailChangeRoutes, { prefix: '/email' });
  await app.register(guestRoutes, { prefix: '/guests' });
  await app.register(addressRoutes, { prefix: '/addresses' });
};

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(passwordResetRoutes, { prefix: '/password', confirmPath: 'reset/done/' });
  await app.register(signedInRoutes);
};
