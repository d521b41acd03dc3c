/**
 * Six-digit codes sent by e-mail (docs/decisions/006-sessions.md, 015-hardening.md): random
 * digits from the CSPRNG, stored only as an argon2id hash, valid for CODE_TTL_MINUTES, dead after
 * CODE_MAX_ATTEMPTS tries, used once. Per account and purpose, over 24 hours and across codes (a
 * new code restores nothing): at most CODES_PER_DAY letters, spaced by a wait that grows from the
 * spec's 59 s, and at most CODE_FAILURES_PER_DAY wrong codes, after which the owner is told. All
 * of it is enforced here, on the server, whatever the screens' countdowns say.
 */
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CODE_DETAILS,
  CODE_FAILURES_PER_DAY,
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MINUTES,
  CODES_PER_DAY,
  codeResendSeconds,
  codeWaitDetail,
} from '@hotel/domain';
import { codeEvents, users, verificationCodes } from '../../db/schema';
import {
  activationCodeLetter,
  codeGuessingLetter,
  emailChangeCodeLetter,
  passwordResetCodeLetter,
} from '../../mail/templates';
import { HttpError } from '../../plugins/errors';
import { hashSecret, verifySecret } from './passwords';
import type { UserRow } from './session';

export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];
type CodeRow = typeof verificationCodes.$inferSelect;

export const INVALID_CODE = CODE_DETAILS.invalid;
const DAY_MS = 86_400_000;

function newCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0');
}

const letters = { activation: activationCodeLetter, password_reset: passwordResetCodeLetter, email_change: emailChangeCodeLetter };

export interface SendCodeOptions {
  /** Skip the wait since the last code (the address just changed); the daily limit still holds. */
  ignoreInterval?: boolean;
  /** An e-mail change: the code goes to this address, which it then confirms. */
  newEmail?: string;
}

/**
 * Replaces the user's code for this purpose with a fresh one and mails it. Throws 429 when the
 * last one was sent too recently or the day's codes are used up, and 503 when the mail could not
 * be sent (the new code is then withdrawn and not counted).
 */
export async function sendCode(app: FastifyInstance, user: UserRow, purpose: CodePurpose, options: SendCodeOptions = {}): Promise<void> {
  const code = newCode();
  const codeHash = await hashSecret(code);
  const now = new Date();
  const dayAgo = new Date(now.getTime() - DAY_MS);

  const { codeId, eventId } = await app.db.transaction(async (tx) => {
    // The user's row is the lock: two requests at once cannot both pass the checks.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    await tx.delete(codeEvents).where(and(eq(codeEvents.userId, user.id), lt(codeEvents.at, dayAgo)));
    const [sent] = await tx
      .select({ n: count(), last: max(codeEvents.at) })
      .from(codeEvents)
      .where(and(eq(codeEvents.userId, user.id), eq(codeEvents.purpose, purpose), eq(codeEvents.kind, 'sent'), gt(codeEvents.at, dayAgo)));
    const sentToday = Number(sent?.n ?? 0);
    if (sentToday >= CODES_PER_DAY) throw new HttpError(429, CODE_DETAILS.dailyCodes);
    const last = sent?.last ? new Date(sent.last) : null;
    if (!options.ignoreInterval && last) {
      const waitMs = last.getTime() + codeResendSeconds(sentToday) * 1000 - now.getTime();
      if (waitMs > 0) throw new HttpError(429, codeWaitDetail(Math.ceil(waitMs / 1000)));
    }
    // A new code supersedes the old ones: only the latest letter's code works.
    await tx.delete(verificationCodes).where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, purpose)));
    const [row] = await tx
      .insert(verificationCodes)
      .values({
        userId: user.id,
        purpose,
        codeHash,
        sentAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
        newEmail: options.newEmail ?? null,
      })
      .returning({ id: verificationCodes.id });
    const [event] = await tx.insert(codeEvents).values({ userId: user.id, purpose, kind: 'sent', at: now }).returning({ id: codeEvents.id });
    return { codeId: row!.id, eventId: event!.id };
  });

  const letter = letters[purpose]({ language: user.language, name: user.firstName, code });
  try {
    await app.mailer.send({ to: options.newEmail ?? user.email, ...letter });
  } catch (error) {
    // The transport's error only: the letter carries the code.
    app.log.error({ err: error, purpose, userId: user.id }, 'code letter not sent');
    await app.db.delete(verificationCodes).where(eq(verificationCodes.id, codeId));
    await app.db.delete(codeEvents).where(eq(codeEvents.id, eventId));
    throw new HttpError(503, 'Error sending code');
  }
}

async function failuresToday(app: FastifyInstance, userId: number, purpose: CodePurpose): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(codeEvents)
    .where(
      and(
        eq(codeEvents.userId, userId),
        eq(codeEvents.purpose, purpose),
        eq(codeEvents.kind, 'failed'),
        gt(codeEvents.at, new Date(Date.now() - DAY_MS)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Counts a wrong code; the one that reaches the daily limit also warns the owner. */
async function recordFailure(app: FastifyInstance, userId: number, purpose: CodePurpose): Promise<void> {
  await app.db.insert(codeEvents).values({ userId, purpose, kind: 'failed' });
  if ((await failuresToday(app, userId, purpose)) !== CODE_FAILURES_PER_DAY) return;
  const [owner] = await app.db.select().from(users).where(eq(users.id, userId));
  if (!owner) return;
  const letter = codeGuessingLetter({ language: owner.language, name: owner.firstName });
  await app.mailer.send({ to: owner.email, ...letter }).catch((error: unknown) => {
    app.log.error({ err: error, userId }, 'code guessing warning not sent');
  });
}

/**
 * Checks a code the user typed against their latest live code for the purpose and counts the
 * attempt. Answers 400 "Invalid code" (wrong, used or none), 400 when expired, 429 once the
 * code's attempts or the day's wrong codes are spent. Returns the row; the caller consumes or
 * confirms it.
 */
export async function checkCode(app: FastifyInstance, userId: number, purpose: CodePurpose, code: string): Promise<CodeRow> {
  const [row] = await app.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!row) throw new HttpError(400, INVALID_CODE);
  if ((await failuresToday(app, userId, purpose)) >= CODE_FAILURES_PER_DAY) throw new HttpError(429, CODE_DETAILS.dailyFailures);
  if (row.attempts >= CODE_MAX_ATTEMPTS) throw new HttpError(429, CODE_DETAILS.attempts);
  if (row.expiresAt.getTime() <= Date.now()) throw new HttpError(400, CODE_DETAILS.expired);

  // Counted before checking, in one statement, so parallel guesses cannot exceed the limit.
  const [counted] = await app.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, row.id), lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning({ attempts: verificationCodes.attempts });
  if (!counted) throw new HttpError(429, CODE_DETAILS.attempts);
  if (!(await verifySecret(row.codeHash, code))) {
    await recordFailure(app, userId, purpose);
    throw new HttpError(400, INVALID_CODE);
  }
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
