/**
 * Promo codes' API (issue 23, point 4; decision 043). Who may call: staff (admin, superuser) list,
 * create and change codes under admin/promo/ (guarded by modules/admin/routes.ts), each change
 * written to the change log; a signed-in, activated guest checks a code (POST promo/check/), each
 * unusable one counted as a guess (guesses.ts). Bad input and
 * refused codes answer 422 with the `detail` in the caller's language (their account's, else the
 * browser's) and, for a refused code, the `promo_refusal` the screens word.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  englishMessage,
  errorSchema,
  idParamSchema,
  PROMO_MESSAGES,
  promoCheckAnswerSchema,
  promoCheckSchema,
  promoCodeInputSchema,
  promoCodeSchema,
  promoRefusedSchema,
  type Language,
  type PromoRefusal,
} from '@hotel/domain';
import { audit, changedFields } from '../../change-log/audit';
import { errorResponses, staffPermission } from '../../plugins/admin-http';
import { HttpError } from '../../plugins/errors';
import { PROMO_REFUSAL_DETAILS } from './refusals';
import { currentUser, requireUser } from '../auth/session';
import { preferredLanguage } from '../auth/users';
import { asPromoGuess } from './guesses';
import { checkCode, createCode, listCodes, updateCode } from './promo';

export const PROMO_NEEDS_ACTIVE_ACCOUNT = 'Activate your account to use promo codes';

/** The clock of the codes' days; tests move it with vi.setSystemTime. */
const now = () => new Date();

const languageOf = (request: FastifyRequest): Language => request.user?.language ?? preferredLanguage(request);

/** A schema's refusal in the caller's language: the promo's own keys in both, English for the rest. */
function validationRefusal(request: FastifyRequest): HttpError {
  const error = request.validationError as (Error & { validation?: { instancePath?: string; message?: string }[]; validationContext?: string }) | undefined;
  const first = error?.validation?.[0];
  const message = first?.message ?? 'common:validation.invalid';
  const field = `${error?.validationContext ?? 'body'}${first?.instancePath ? first.instancePath.replaceAll('/', '.') : ''}`;
  const text = message in PROMO_MESSAGES ? PROMO_MESSAGES[message as keyof typeof PROMO_MESSAGES][languageOf(request)] : englishMessage(message);
  return new HttpError(422, `${field}: ${text}`);
}

/** A refused code's detail in the caller's language. */
function inLanguage(request: FastifyRequest, error: unknown): unknown {
  if (!(error instanceof HttpError) || typeof error.extra?.promo_refusal !== 'string') return error;
  const reason = error.extra.promo_refusal as PromoRefusal;
  return new HttpError(error.statusCode, PROMO_REFUSAL_DETAILS[reason][languageOf(request)], error.extra);
}

const promoAudit = (request: FastifyRequest) => async (tx: Parameters<typeof audit>[0], before: z.infer<typeof promoCodeSchema> | null, after: z.infer<typeof promoCodeSchema>) => {
  const { uses: _beforeUses, created_at: _beforeAt, ...was } = before ?? { uses: 0, created_at: '' };
  const { uses: _afterUses, created_at: _afterAt, ...is } = after;
  if (!before) return audit(tx, request, { action: 'promo.create', target: `promo ${after.code}`, before: null, after: is });
  const changed = changedFields(was, is);
  if (changed) await audit(tx, request, { action: 'promo.update', target: `promo ${after.code}`, ...changed });
};

export const adminPromoRoutes: FastifyPluginAsyncZod = async (app) => {
  staffPermission(app, 'promo');
  app.get(
    '/promo/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every promo code, newest first, with its uses (admin, superuser)',
        description: '`uses` counts the bookings and orders not cancelled: a cancelled one gives its use back.',
        response: { 200: z.array(promoCodeSchema), ...errorResponses },
      },
    },
    async () => listCodes(app.db),
  );

  app.post(
    '/promo/',
    {
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: 'Create a promo code (admin, superuser)',
        description:
          '`code` 3 to 32 Latin letters, digits, "-" or "_", kept in upper case (guests may type it in any case); `kind` `percent` ' +
          '(`value` 1 to 100) or `fixed` (`value` in kopecks, greater than 0, not larger than `min_amount` when that is above 0: at use ' +
          'a fixed discount is capped at the amount it applies to); `scope` `rooms`, `delivery` or `both`; `valid_from`..`valid_to` the ' +
          'days (hotel time) it may be used, `stay_from`..`stay_to` the nights a stay must lie within, null for no bound; ' +
          '`min_amount` kopecks; `max_uses`, `max_uses_per_guest` null for no limit. 409 when the code exists in any case; 422 for bad ' +
          "input, the detail in the caller's language.",
        body: promoCodeInputSchema,
        response: { 201: promoCodeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (request.validationError) throw validationRefusal(request);
      const row = await createCode(app.db, request.body, currentUser(request).id, promoAudit(request));
      return reply.code(201).send(row);
    },
  );

  app.put(
    '/promo/:id/',
    {
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: 'Change a promo code, or deactivate it with `active: false` (admin, superuser)',
        description: 'The whole code, as for POST. Uses made stay; the next check and use follow the new rules.',
        params: idParamSchema,
        body: promoCodeInputSchema,
        response: { 200: promoCodeSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (request.validationError) throw validationRefusal(request);
      return updateCode(app.db, request.params.id, request.body, promoAudit(request));
    },
  );
};

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
