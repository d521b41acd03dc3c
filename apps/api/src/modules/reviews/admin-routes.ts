/**
 * The staff's reviews (issue 25, point 2): admin and superuser list, show, hide and answer them
 * under admin/reviews/ (guarded by modules/admin/routes.ts). Refusals, of the schema as well as of
 * the rules, answer in the request's language: the review's own, else the visitor's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminReviewSchema, adminReviewsQuerySchema, adminReviewsSchema, REVIEW_ANSWER_MAX, reviewIdParamSchema, reviewModerationSchema } from '@hotel/domain';
import { errorResponses, staffPermission } from '../../plugins/admin-http';
import { validationRefusal } from './refusals';
import { adminReviews, moderate, requestLanguage } from './service';

export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  staffPermission(app, 'reviews');
  app.get(
    '/reviews/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reviews, newest first (at most 200), by state and kind, with how many are in each state (admin, superuser)',
        querystring: adminReviewsQuerySchema,
        response: { 200: adminReviewsSchema, ...errorResponses },
      },
    },
    async (request) => adminReviews(app.db, request.query),
  );

  app.patch(
    '/reviews/:id/',
    {
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: 'Show (`approved`) or hide a review, and/or answer it (admin, superuser)',
        description: `\`answer\`: at most ${REVIEW_ANSWER_MAX} characters, shown under the review as written; an empty one takes the answer away.`,
        params: reviewIdParamSchema,
        body: reviewModerationSchema,
        response: { 200: adminReviewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      if (request.validationError) throw validationRefusal(request, language);
      return moderate(request, request.params.id, request.body, language);
    },
  );
};
