/**
 * The guest's side of the bill (issue 45, points 5–6): the bill or paid invoice of their own stay,
 * and the online check-in before arrival. Who may call: the signed-in guest, about their own
 * stays only; another guest's reservation answers 404 as if it did not exist.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { folioDocumentSchema, idParamSchema, stayRegistrationInputSchema, stayRegistrationSchema } from '@hotel/domain';
import { currentUser, requireUser } from '../auth/session';
import { folioDocument, readRegistration, saveOwnRegistration } from './documents';
import { folioErrors, validationRefusal } from './http';
import { folioStaysOf } from './stays';

export const folioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/hotel/reservations/:id/folio/',
    {
      onRequest: requireUser,
      attachValidation: true,
      schema: {
        tags: ['hotel'],
        summary: 'The bill or paid invoice of your own stay, for printing (signed-in user)',
        params: idParamSchema,
        response: { 200: folioDocumentSchema, ...folioErrors },
      },
    },
    async (request) => {
      if (request.validationError) throw validationRefusal(request);
      return folioDocument(app.db, folioStaysOf(app), request.params.id, { userId: currentUser(request).id });
    },
  );

  app.get(
    '/hotel/reservations/:id/check-in/',
    {
      onRequest: requireUser,
      attachValidation: true,
      schema: {
        tags: ['hotel'],
        summary: 'The online check-in of your own stay (signed-in user)',
        params: idParamSchema,
        response: { 200: stayRegistrationSchema, ...folioErrors },
      },
    },
    async (request) => {
      if (request.validationError) throw validationRefusal(request);
      return readRegistration(app.db, folioStaysOf(app), request.params.id, { userId: currentUser(request).id });
    },
  );

  app.put(
    '/hotel/reservations/:id/check-in/',
    {
      onRequest: requireUser,
      attachValidation: true,
      schema: {
        tags: ['hotel'],
        summary: 'Check in online before arrival: the registration card\'s details and the arrival time (signed-in user)',
        description:
          'Open until the arrival day (hotel time) for a booking still on; 409 afterwards. The document\'s data is seen by reception only, and erased a set number of days after departure (the change log records it).',
        params: idParamSchema,
        body: stayRegistrationInputSchema,
        response: { 200: stayRegistrationSchema, ...folioErrors },
      },
    },
    async (request) => {
      if (request.validationError) throw validationRefusal(request);
      return saveOwnRegistration(app.db, folioStaysOf(app), currentUser(request).id, request.params.id, request.body);
    },
  );
};
