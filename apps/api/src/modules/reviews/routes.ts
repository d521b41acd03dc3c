/**
 * Guests' reviews (issue 25, point 2). Who may call: anyone reads the approved reviews; a
 * signed-in guest lists their finished stays and orders and reviews them, their own only (another
 * guest's stay answers 404 as if it did not exist); staff (admin, superuser) list, show, hide and
 * answer them under admin/ (admin-routes.ts). Refusals, of the schema as well
 * as of the rules, answer in the request's language: the review's own, else the visitor's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, LANGUAGES, ownReviewSchema, publicReviewsQuerySchema, publicReviewsSchema, REVIEW_TEXT_MAX, reviewablesSchema, reviewInputSchema, type Language } from '@hotel/domain';
import { currentUser, requireUser } from '../auth/session';
import { validationRefusal } from './refusals';
import { publicReviews, requestLanguage, reviewablesOf, writeReview } from './service';

/** The language a body names, when it names one. */
function bodyLanguage(body: unknown): Language | undefined {
  const language = (body as { language?: unknown } | null)?.language;
  return (LANGUAGES as readonly unknown[]).includes(language) ? (language as Language) : undefined;
}

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reviews/',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Approved reviews of stays or of orders: the rating of all and the newest 20 (anyone)',
        querystring: publicReviewsQuerySchema,
        response: { 200: publicReviewsSchema, 422: errorSchema },
      },
    },
    async (request) => publicReviews(app.db, request.query.kind),
  );

  app.get(
    '/reviews/mine/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['reviews'],
        summary: "The signed-in guest's finished stays and delivered orders, newest first, each with their review if written (signed-in user)",
        response: { 200: reviewablesSchema, 401: errorSchema },
      },
    },
    async (request) => reviewablesOf(app.db, currentUser(request).id),
  );

  app.post(
    '/reviews/',
    {
      onRequest: requireUser,
      attachValidation: true,
      schema: {
        tags: ['reviews'],
        summary: 'Review a finished stay or a delivered order of yours, once (signed-in user)',
        description:
          `1 to 5 \`stars\` and a \`text\` (at most ${REVIEW_TEXT_MAX} characters, not blank), kept as written in \`language\`. ` +
          'It waits for staff before it is shown. 404 for a stay or order that is not yours, 409 for one not finished yet or reviewed already, 422 for bad input; the `detail` is in `language`.',
        body: reviewInputSchema,
        response: { 201: ownReviewSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      if (request.validationError) throw validationRefusal(request, bodyLanguage(request.body) ?? requestLanguage(request));
      const review = await writeReview(app.db, currentUser(request).id, request.body);
      return reply.code(201).send(review);
    },
  );
};
