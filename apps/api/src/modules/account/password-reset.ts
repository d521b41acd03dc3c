/**
 * Password reset by a mailed code (API-12, API-18): request a code, confirm it, set the new
 * password. Registered under account/password/ (the spec's paths: reset/, reset/done/, set/) and
 * under auth/password/ (reset/, reset/confirm/, set/) for the auth screens.
 *
 * The confirm step answers a single-use reset token, and only that token sets the password, within
 * RESET_TOKEN_TTL_MINUTES: knowing the e-mail is not enough to finish someone else's reset
 * (docs/decisions/015-hardening.md).
 * Who may call: anyone (the caller has forgotten the password); rate-limited per client.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { codeBodySchema, emailBodySchema, okSchema, resetConfirmedSchema, setPasswordSchema } from '@hotel/domain';
import { HttpError } from '../../plugins/errors';
import { checkCode, confirmResetCode, INVALID_CODE, sendCode, useResetToken } from '../auth/codes';
import { hashSecret } from '../auth/passwords';
import { strictRateLimit } from '../auth/rate-limit';
import { endAllSessions, hashToken } from '../auth/session';
import { clearFailedSignIns } from '../auth/sign-in-guard';
import { findUserByEmail } from '../auth/users';
import { setPasswordAndActivate } from '../auth/account-rows';

const errorSchema = z.object({ detail: z.string() });
export const RESET_NOT_CONFIRMED = 'Confirm the reset code first';

export interface PasswordResetOptions {
  /** Path of the confirm step: `reset/done/` (spec) or `reset/confirm/`. */
  confirmPath: string;
}

export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetOptions> = async (app, options) => {
  const strict = strictRateLimit(app);

  app.post(
    '/reset/',
    {
      config: strict,
      schema: {
        tags: ['password reset'],
        summary: 'Mail a password reset code, at most once per 59 s (API-12)',
        body: emailBodySchema,
        response: { 200: okSchema, 404: errorSchema, 429: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      const user = await findUserByEmail(app.db, request.body.email);
      if (!user) throw new HttpError(404, 'User not found');
      await sendCode(app, user, 'password_reset');
      return { ok: true as const };
    },
  );

  app.post(
    `/${options.confirmPath}`,
    {
      config: strict,
      schema: {
        tags: ['password reset'],
        summary: 'Confirm the reset code; answers the single-use token that sets the new password (API-12)',
        body: codeBodySchema,
        response: { 200: resetConfirmedSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const user = await findUserByEmail(app.db, request.body.email);
      if (!user) throw new HttpError(400, INVALID_CODE);
      const code = await checkCode(app, user.id, 'password_reset', request.body.code);
      const token = randomBytes(32).toString('base64url');
      // Confirmed once: a second confirmation of the same code would hand out a second token.
      if (!(await confirmResetCode(app, code.id, hashToken(token)))) throw new HttpError(400, INVALID_CODE);
      return { ok: true as const, reset_token: token };
    },
  );

  app.post(
    '/set/',
    {
      config: strict,
      schema: {
        tags: ['password reset'],
        summary: 'Set the new password with the token the confirm step answered; signs out everywhere (API-12)',
        body: setPasswordSchema,
        response: { 200: okSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const { email, reset_token: token, new_password: password } = request.body;
      const user = await findUserByEmail(app.db, email);
      if (!user) throw new HttpError(400, RESET_NOT_CONFIRMED);
      const passwordHash = await hashSecret(password);
      const now = new Date();

      await app.db.transaction(async (tx) => {
        // Found and used up in one statement: of two requests with the token, one wins.
        if (!(await useResetToken(tx, user.id, hashToken(token), now))) throw new HttpError(400, RESET_NOT_CONFIRMED);
        // The code proved the address is theirs, so the account counts as confirmed too.
        await setPasswordAndActivate(tx, user.id, passwordHash);
        await endAllSessions(tx, user.id);
      });
      // The mailbox is proven: guesses by others no longer hold the account back.
      await clearFailedSignIns(app.db, user.id);
      return { ok: true as const };
    },
  );
};
