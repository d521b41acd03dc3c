/**
 * Changing the sign-in address (docs/decisions/015-hardening.md): the current password, then a
 * code sent to the new address; only when that code is entered does the address change, and the
 * old address is told. Until then the account keeps signing in with the old one, so nobody who
 * finds a signed-in browser can move the account to an address of theirs.
 * Who may call: a signed-in user, about their own account (registered inside the account routes).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailChangeConfirmSchema, emailChangeSchema, okSchema, userSchema } from '@hotel/domain';
import { emailChangedLetter } from '../../mail/templates';
import { HttpError } from '../../plugins/errors';
import { checkCode, consumeCode, INVALID_CODE, sendCode } from '../auth/codes';
import { verifySecret } from '../auth/passwords';
import { strictRateLimit } from '../auth/rate-limit';
import { currentUser } from '../auth/session';
import { isUniqueViolation } from '../../db/sql-state';
import { presentUser } from '../auth/users';
import { emailTaken, setEmail } from '../auth/account-rows';

const errorSchema = z.object({ detail: z.string() });
const EMAIL_EXISTS = 'Email already exists';

export const emailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const strict = strictRateLimit(app);

  const taken = (email: string, userId: number) => emailTaken(app.db, email, userId);

  app.post(
    '/',
    {
      config: strict,
      schema: {
        tags: ['account'],
        summary: 'Ask to change the e-mail: checks the password, mails a code to the new address',
        body: emailChangeSchema,
        response: { 200: okSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { email, password } = request.body;
      // 403, not 401: the web treats any 401 as "signed out".
      if (!user.passwordHash || !(await verifySecret(user.passwordHash, password))) {
        throw new HttpError(403, 'Invalid password');
      }
      if (email === user.email.toLowerCase()) throw new HttpError(400, 'This is already the account’s e-mail');
      if (await taken(email, user.id)) throw new HttpError(409, EMAIL_EXISTS);
      await sendCode(app, user, 'email_change', { newEmail: email });
      return { ok: true as const };
    },
  );

  app.post(
    '/confirm/',
    {
      config: strict,
      schema: {
        tags: ['account'],
        summary: 'Confirm the new e-mail with the code mailed to it; the old address is told',
        body: emailChangeConfirmSchema,
        response: { 200: userSchema, 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const code = await checkCode(app, user.id, 'email_change', request.body.code);
      if (!code.newEmail || !(await consumeCode(app, code.id))) throw new HttpError(400, INVALID_CODE);
      if (await taken(code.newEmail, user.id)) throw new HttpError(409, EMAIL_EXISTS);
      let updated;
      try {
        // The code proved the new address is theirs: the account counts as confirmed.
        updated = await setEmail(app.db, user.id, code.newEmail);
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_EXISTS);
        throw error;
      }
      const letter = emailChangedLetter({ language: user.language, name: user.firstName, newEmail: code.newEmail });
      // The change stands even if the notice cannot be sent; the log says so. Sent over the day's
      // cap too: the old address's owner must hear of it if the account was taken.
      await app.mailer.send({ to: user.email, ...letter, essential: true }).catch((error: unknown) => {
        request.log.error({ err: error, userId: user.id }, 'e-mail change notice not sent');
      });
      return presentUser(updated, user.staffRoles);
    },
  );
};
