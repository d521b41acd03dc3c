/**
 * Guessing promo codes (issue 42, point 11; decision 043): every check of a code, and every booking
 * or order that names one, takes a guess from the account's and from the client address's
 * allowance before the code is looked at; an answer other than `unavailable` gives it back, so only
 * codes the guest cannot use count. Past the free guesses (PROMO_GUESSES_PER_ACCOUNT, _PER_ADDRESS)
 * each next one waits longer, and meanwhile the answer is 429 with Retry-After. The count lives in
 * the database (takePromoGuess), so concurrent requests and every instance share it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '@hotel/domain';
import { HttpError } from '../../plugins/errors';
import { currentUser } from '../auth/session';
import { preferredLanguage } from '../auth/users';
import { giveBackPromoGuess, promoGuessBlockedUntil, takePromoGuess } from './repository';

export const PROMO_GUESS_WAIT_MAX_SECONDS = 15 * 60;
export const PROMO_GUESSES_FORGOTTEN_AFTER_SECONDS = 60 * 60;

export const PROMO_TOO_MANY_DETAILS: Record<Language, (seconds: number) => string> = {
  en: (seconds) => `Too many promo codes tried: try again in ${seconds} s`,
  ru: (seconds) => `Слишком много попыток ввести промокод: попробуйте снова через ${seconds} с`,
};

const isUnavailable = (error: unknown) => error instanceof HttpError && error.extra?.promo_refusal === 'unavailable';

/**
 * Runs `attempt` (a check, a booking or an order with `code`) as one guess of the signed-in guest
 * and their address; without a code it just runs it.
 */
export async function asPromoGuess<T>(request: FastifyRequest, reply: FastifyReply, code: string | undefined, attempt: () => Promise<T>): Promise<T> {
  if (code === undefined) return attempt();
  const { db, env } = request.server;
  const user = currentUser(request);
  const now = new Date();
  const keys = [
    { key: `user:${user.id}`, free: env.PROMO_GUESSES_PER_ACCOUNT },
    { key: `address:${request.ip}`, free: env.PROMO_GUESSES_PER_ADDRESS },
  ];
  const taken: string[] = [];
  const giveBack = () => Promise.all(taken.map((key) => giveBackPromoGuess(db, key)));
  for (const { key, free } of keys) {
    if (await takePromoGuess(db, key, now, { free, maxWaitSeconds: PROMO_GUESS_WAIT_MAX_SECONDS, forgetSeconds: PROMO_GUESSES_FORGOTTEN_AFTER_SECONDS })) {
      taken.push(key);
      continue;
    }
    await giveBack();
    const until = await promoGuessBlockedUntil(db, key);
    const wait = Math.max(1, Math.ceil(((until?.getTime() ?? now.getTime()) - now.getTime()) / 1000));
    reply.header('retry-after', wait);
    throw new HttpError(429, PROMO_TOO_MANY_DETAILS[user.language ?? preferredLanguage(request)](wait));
  }
  try {
    const result = await attempt();
    await giveBack();
    return result;
  } catch (error) {
    if (!isUnavailable(error)) await giveBack();
    throw error;
  }
}
