/**
 * Six-digit codes sent by e-mail (docs/decisions/006-sessions.md, 015-hardening.md): random
 * digits from the CSPRNG, stored only as an argon2id hash, valid for CODE_TTL_MINUTES, dead after
 * CODE_MAX_ATTEMPTS tries, used once. Per account and purpose, over 24 hours and across codes (a
 * new code restores nothing): at most CODES_PER_DAY letters, spaced by a wait that grows from the
 * spec's 59 s, and at most CODE_FAILURES_PER_DAY wrong codes, after which the owner is told. All
 * of it is enforced here, on the server, whatever the screens' countdowns say.
 */
import { randomInt } from 'node:crypto';
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
  RESET_TOKEN_TTL_MINUTES,
} from '@hotel/domain';
import type { Tx } from '../../db/client';
import {
  activationCodeLetter,
  codeGuessingLetter,
  emailChangeCodeLetter,
  passwordResetCodeLetter,
} from '../../mail/templates';
import { HttpError } from '../../plugins/errors';
import { hashSecret, verifySecret } from './passwords';
import {
  codesSentSince,
  confirmResetCode as confirmCodeRow,
  countAttempt,
  failuresSince,
  findUser,
  forgetCodeEventsBefore,
  insertFailure,
  latestLiveCode,
  lockUser,
  markCodeUsed,
  replaceCode,
  useResetToken as useResetTokenRow,
  withdrawCode,
  type CodePurpose,
  type CodeRow,
  type UserRow,
} from './repository';

export type { CodePurpose } from './repository';

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
    await lockUser(tx, user.id);
    await forgetCodeEventsBefore(tx, user.id, dayAgo);
    const { count: sentToday, last } = await codesSentSince(tx, user.id, purpose, dayAgo);
    if (sentToday >= CODES_PER_DAY) throw new HttpError(429, CODE_DETAILS.dailyCodes);
    if (!options.ignoreInterval && last) {
      const waitMs = last.getTime() + codeResendSeconds(sentToday) * 1000 - now.getTime();
      if (waitMs > 0) throw new HttpError(429, codeWaitDetail(Math.ceil(waitMs / 1000)));
    }
    // A new code supersedes the old ones: only the latest letter's code works.
    return replaceCode(tx, {
      userId: user.id,
      purpose,
      codeHash,
      sentAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
      newEmail: options.newEmail ?? null,
    });
  });

  const letter = letters[purpose]({ language: user.language, name: user.firstName, code });
  try {
    await app.mailer.send({ to: options.newEmail ?? user.email, ...letter, essential: true });
  } catch (error) {
    // The transport's error only: the letter carries the code.
    app.log.error({ err: error, purpose, userId: user.id }, 'code letter not sent');
    await withdrawCode(app.db, codeId, eventId);
    throw new HttpError(503, 'Error sending code');
  }
}

function failuresToday(app: FastifyInstance, userId: number, purpose: CodePurpose): Promise<number> {
  return failuresSince(app.db, userId, purpose, new Date(Date.now() - DAY_MS));
}

/** Counts a wrong code; the one that reaches the daily limit also warns the owner. */
async function recordFailure(app: FastifyInstance, userId: number, purpose: CodePurpose): Promise<void> {
  await insertFailure(app.db, userId, purpose);
  if ((await failuresToday(app, userId, purpose)) !== CODE_FAILURES_PER_DAY) return;
  const owner = await findUser(app.db, userId);
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
  const row = await latestLiveCode(app.db, userId, purpose);
  if (!row) throw new HttpError(400, INVALID_CODE);
  if ((await failuresToday(app, userId, purpose)) >= CODE_FAILURES_PER_DAY) throw new HttpError(429, CODE_DETAILS.dailyFailures);
  if (row.attempts >= CODE_MAX_ATTEMPTS) throw new HttpError(429, CODE_DETAILS.attempts);
  if (row.expiresAt.getTime() <= Date.now()) throw new HttpError(400, CODE_DETAILS.expired);

  // Counted before checking, in one statement, so parallel guesses cannot exceed the limit.
  if (!(await countAttempt(app.db, row.id, CODE_MAX_ATTEMPTS))) throw new HttpError(429, CODE_DETAILS.attempts);
  if (!(await verifySecret(row.codeHash, code))) {
    await recordFailure(app, userId, purpose);
    throw new HttpError(400, INVALID_CODE);
  }
  return row;
}

/** Marks a code used; false if another request used it first. */
export function consumeCode(app: FastifyInstance, codeId: number): Promise<boolean> {
  return markCodeUsed(app.db, codeId);
}

/** Confirms a password reset code once, with the hash of the token that then sets the password; false if confirmed or used before. */
export function confirmResetCode(app: FastifyInstance, codeId: number, resetTokenHash: string): Promise<boolean> {
  return confirmCodeRow(app.db, codeId, resetTokenHash, new Date());
}

/** Uses up the reset token confirmed within RESET_TOKEN_TTL_MINUTES; false when there is none. */
export function useResetToken(tx: Tx, userId: number, resetTokenHash: string, now: Date): Promise<boolean> {
  return useResetTokenRow(tx, userId, resetTokenHash, new Date(now.getTime() - RESET_TOKEN_TTL_MINUTES * 60_000), now);
}
