/**
 * Six-digit codes sent by e-mail (docs/decisions/006-sessions.md): random digits from the CSPRNG,
 * stored only as an argon2id hash, valid for CODE_TTL_MINUTES, dead after CODE_MAX_ATTEMPTS
 * tries, used once, and not re-sent sooner than CODE_RESEND_SECONDS after the last one. All of
 * it is enforced here, on the server, whatever the screens' countdowns say.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CODE_LENGTH, CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS, CODE_TTL_MINUTES } from '@hotel/domain';
import { users, verificationCodes } from '../../db/schema';
import { activationCodeLetter, passwordResetCodeLetter } from '../../mail/templates';
import { HttpError } from '../../plugins/errors';
import { hashSecret, verifySecret } from './passwords';
import type { UserRow } from './session';

export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];
type CodeRow = typeof verificationCodes.$inferSelect;

export const INVALID_CODE = 'Invalid code';

function newCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0');
}

const letters = { activation: activationCodeLetter, password_reset: passwordResetCodeLetter };

/**
 * Replaces the user's code for this purpose with a fresh one and mails it. Throws 429 when the
 * previous one was sent less than CODE_RESEND_SECONDS ago (unless `ignoreInterval`: the address
 * just changed), and 503 when the mail could not be sent (the new code is then withdrawn).
 */
export async function sendCode(
  app: FastifyInstance,
  user: UserRow,
  purpose: CodePurpose,
  options: { ignoreInterval?: boolean } = {},
): Promise<void> {
  const code = newCode();
  const codeHash = await hashSecret(code);
  const now = new Date();

  const codeId = await app.db.transaction(async (tx) => {
    // The user's row is the lock: two requests at once cannot both pass the interval check.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    if (!options.ignoreInterval) {
      const [last] = await tx
        .select({ sentAt: verificationCodes.sentAt })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, purpose)))
        .orderBy(desc(verificationCodes.sentAt))
        .limit(1);
      const waitMs = last ? last.sentAt.getTime() + CODE_RESEND_SECONDS * 1000 - now.getTime() : 0;
      if (waitMs > 0) {
        throw new HttpError(429, `Please wait ${Math.ceil(waitMs / 1000)} s before requesting a new code`);
      }
    }
    // A new code supersedes the old ones: only the latest letter's code works.
    await tx
      .delete(verificationCodes)
      .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, purpose)));
    const [row] = await tx
      .insert(verificationCodes)
      .values({
        userId: user.id,
        purpose,
        codeHash,
        sentAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
      })
      .returning({ id: verificationCodes.id });
    return row!.id;
  });

  const letter = letters[purpose]({ language: user.language, name: user.firstName, code });
  try {
    await app.mailer.send({ to: user.email, ...letter });
  } catch (error) {
    // The error of the transport only: the letter carries the code.
    app.log.error({ err: error, purpose, userId: user.id }, 'code letter not sent');
    await app.db.delete(verificationCodes).where(eq(verificationCodes.id, codeId));
    throw new HttpError(503, 'Error sending code');
  }
}

/**
 * Checks a code the user typed against their latest live code for the purpose and counts the
 * attempt. Answers 400 "Invalid code" (wrong, used or none), 400 when expired, 429 once
 * CODE_MAX_ATTEMPTS attempts were spent. Returns the row; the caller consumes or confirms it.
 */
export async function checkCode(app: FastifyInstance, userId: number, purpose: CodePurpose, code: string): Promise<CodeRow> {
  const [row] = await app.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!row) throw new HttpError(400, INVALID_CODE);
  if (row.attempts >= CODE_MAX_ATTEMPTS) throw new HttpError(429, 'Too many attempts, request a new code');
  if (row.expiresAt.getTime() <= Date.now()) throw new HttpError(400, 'Code expired, request a new code');

  // Counted before checking, in one statement, so parallel guesses cannot exceed the limit.
  const [counted] = await app.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, row.id), lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning({ attempts: verificationCodes.attempts });
  if (!counted) throw new HttpError(429, 'Too many attempts, request a new code');
  if (!(await verifySecret(row.codeHash, code))) throw new HttpError(400, INVALID_CODE);
  return row;
}

/** Marks a code used; false if another request used it first. */
export async function consumeCode(app: FastifyInstance, codeId: number): Promise<boolean> {
  const consumed = await app.db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return consumed.length === 1;
}
