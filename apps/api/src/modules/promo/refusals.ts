/**
 * Why a promo code is refused, in both languages: the server's detail (decision 043). The web words
 * `promo_refusal` itself. Also the refusals of the promo routes (routes.ts, admin-routes.ts) in the
 * caller's language.
 */
import type { FastifyRequest } from 'fastify';
import { englishMessage, PROMO_MESSAGES, type Language, type PromoRefusal } from '@hotel/domain';
import { HttpError } from '../../plugins/errors';
import { preferredLanguage } from '../auth/users';

export const PROMO_REFUSAL_DETAILS: Record<PromoRefusal, { en: string; ru: string }> = {
  unavailable: { en: 'This promo code cannot be used', ru: 'Этот промокод нельзя применить' },
  inactive: { en: 'This promo code is not active', ru: 'Этот промокод не действует' },
  not_started: { en: 'This promo code is not valid yet', ru: 'Этот промокод ещё не действует' },
  expired: { en: 'This promo code has expired', ru: 'Срок действия промокода истёк' },
  not_for_this: { en: 'This promo code is not for this purchase', ru: 'Этот промокод не для этой покупки' },
  stay_outside: { en: 'This promo code is not for stays on these dates', ru: 'Этот промокод не для проживания в эти даты' },
  below_minimum: { en: 'The amount is below the promo code’s minimum', ru: 'Сумма меньше минимальной для этого промокода' },
  used_up: { en: 'This promo code has been used up', ru: 'Этот промокод уже израсходован' },
  used_by_you: { en: 'You have already used this promo code', ru: 'Вы уже использовали этот промокод' },
};

export const languageOf = (request: FastifyRequest): Language => request.user?.language ?? preferredLanguage(request);

/** A schema's refusal in the caller's language: the promo's own keys in both, English for the rest. */
export function validationRefusal(request: FastifyRequest): HttpError {
  const error = request.validationError as (Error & { validation?: { instancePath?: string; message?: string }[]; validationContext?: string }) | undefined;
  const first = error?.validation?.[0];
  const message = first?.message ?? 'common:validation.invalid';
  const field = `${error?.validationContext ?? 'body'}${first?.instancePath ? first.instancePath.replaceAll('/', '.') : ''}`;
  const text = message in PROMO_MESSAGES ? PROMO_MESSAGES[message as keyof typeof PROMO_MESSAGES][languageOf(request)] : englishMessage(message);
  return new HttpError(422, `${field}: ${text}`);
}

/** A refused code's detail in the caller's language. */
export function inLanguage(request: FastifyRequest, error: unknown): unknown {
  if (!(error instanceof HttpError) || typeof error.extra?.promo_refusal !== 'string') return error;
  const reason = error.extra.promo_refusal as PromoRefusal;
  return new HttpError(error.statusCode, PROMO_REFUSAL_DETAILS[reason][languageOf(request)], error.extra);
}
