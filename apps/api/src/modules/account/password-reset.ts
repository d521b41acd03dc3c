/**
 * Password reset by a mailed code (API-12, API-18): request a code, confirm it, set the new
 * password. Registered under account/password/ (the spec's paths: reset/, reset/done/, set/) and
 * under auth/password/ (reset/, reset/confirm/, set/) for the auth screens.
 * Who may call: anyone (the caller has forgotten the password); rate-limited per client.
 */
import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { codeBodySchema, emailBodySchema, okSchema, setPasswordSchema } from '@hotel/domain';
import { users, verificationCodes } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { checkCode, sendCode } from '../auth/codes';
import { hashSecret } from '../auth/passwords';
import { strictRateLimit } from '../auth/rate-limit';
import { endAllSessions } from '../auth/session';
import { findUserByEmail } from '../auth/users';

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
        summary: 'Confirm the reset code; the new password may then be set (API-12)',
        body: codeBodySchema,
        response: { 200: okSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const user = await findUserByEmail(app.db, request.body.email);
      if (!user) throw new HttpError(400, 'Invalid code');
      const code = await checkCode(app, user.id, 'password_reset', request.body.code);
      await app.db
        .update(verificationCodes)
        .set({ confirmedAt: new Date() })
        .where(and(eq(verificationCodes.id, code.id), isNull(verificationCodes.consumedAt)));
      return { ok: true as const };
    },
  );

  app.post(
    '/set/',
    {
      config: strict,
      schema: {
        tags: ['password reset'],
        summary: 'Set the new password after a confirmed code; signs out everywhere (API-12)',
        body: setPasswordSchema,
        response: { 200: okSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const user = await findUserByEmail(app.db, request.body.email);
      if (!user) throw new HttpError(400, RESET_NOT_CONFIRMED);
      const now = new Date();
      const [code] = await app.db
        .select({ id: verificationCodes.id })
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.userId, user.id),
            eq(verificationCodes.purpose, 'password_reset'),
            isNotNull(verificationCodes.confirmedAt),
            isNull(verificationCodes.consumedAt),
            gt(verificationCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(verificationCodes.id))
        .limit(1);
      if (!code) throw new HttpError(400, RESET_NOT_CONFIRMED);
      const passwordHash = await hashSecret(request.body.new_password);

      await app.db.transaction(async (tx) => {
        // Used in the same statement that checks it is unused: a second request finds it gone.
        const consumed = await tx
          .update(verificationCodes)
          .set({ consumedAt: now })
          .where(and(eq(verificationCodes.id, code.id), isNull(verificationCodes.consumedAt)))
          .returning({ id: verificationCodes.id });
        if (consumed.length === 0) throw new HttpError(400, RESET_NOT_CONFIRMED);
        // The code proved the address is theirs, so the account counts as confirmed too.
        await tx.update(users).set({ passwordHash, isActive: true }).where(eq(users.id, user.id));
        await endAllSessions(tx, user.id);
      });
      return { ok: true as const };
    },
  );
};
