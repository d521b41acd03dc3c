/**
 * Promo codes' API for guests (issue 23, point 4; decision 043; the staff's codes are
 * admin-routes.ts's). Who may call: a signed-in, activated guest checks a code (POST
 * promo/check/), each unusable one counted as a guess (guesses.ts). Bad input and
 * refused codes answer 422 with the `detail` in the caller's language (their account's, else the
 * browser's) and, for a refused code, the `promo_refusal` the screens word.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, promoCheckAnswerSchema, promoCheckSchema, promoRefusedSchema } from '@hotel/domain';
import { HttpError } from '../../plugins/errors';
import { currentUser, requireUser } from '../auth/session';
import { asPromoGuess } from './guesses';
import { checkCode } from './promo';
import { inLanguage, validationRefusal } from './refusals';

export const PROMO_NEEDS_ACTIVE_ACCOUNT = 'Activate your account to use promo codes';

/** The clock of the codes' days; tests move it with vi.setSystemTime. */
const now = () => new Date();

export const promoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/promo/check/',
    {
      onRequest: requireUser,
      attachValidation: true,
      schema: {
        tags: ['promo'],
        summary: 'What a promo code takes off a stay or a cart now, without using it (signed-in user)',
        description:
          '`scope` `rooms` with the stay\'s subtotal (its nights) as `amount` and its `arrival` and `departure`, or `delivery` with the ' +
          "dishes' sum after their own discount. The booking or the order prices the code again from its own figures and uses it. " +
          "422 with `promo_refusal` and the detail in the caller's language: `unavailable` for every code this guest cannot use now, unknown ones " +
          'included, unless the code has been valid for them (a check of theirs priced it, or they used it): then the reason (inactive, ' +
          'not_started, expired, not_for_this, stay_outside, below_minimum with `promo_min_amount`, used_up, used_by_you). 403 for an account ' +
          'not activated. Codes this guest cannot use are limited per account and per client address (PROMO_GUESSES_PER_ACCOUNT, ' +
          '_PER_ADDRESS): past them 429 with Retry-After, each wait twice the last (decision 043).',
        body: promoCheckSchema,
        response: { 200: promoCheckAnswerSchema, 401: errorSchema, 403: errorSchema, 422: promoRefusedSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // A never-activated account is anyone's for the price of an address: it checks no codes.
      if (!user.isActive) throw new HttpError(403, PROMO_NEEDS_ACTIVE_ACCOUNT);
      if (request.validationError) throw validationRefusal(request);
      try {
        return await asPromoGuess(request, reply, request.body.code, () => checkCode(app.db, user.id, request.body, now()));
      } catch (error) {
        throw inLanguage(request, error);
      }
    },
  );
};
