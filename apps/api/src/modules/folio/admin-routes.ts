/**
 * The bill of a stay, its documents and the hotel's legal details, for staff (issue 45, points
 * 4–6; docs/decisions/055-folio.md). Who may call: admin and superuser (the admin plugin's guard);
 * meant for reception (the bill, payments, documents, the registration card) and the accountant
 * (reading the bill and its documents), the settings for a manager. Every write is in the change log.
 */
import { z } from 'zod';
import { staffPermission } from '../../plugins/admin-http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  folioChargeCreateSchema,
  folioCorrectionSchema,
  folioDocumentSchema,
  folioLineParamsSchema,
  folioPaymentCreateSchema,
  folioSchema,
  folioSettingsSchema,
  folioSettingsViewSchema,
  idParamSchema,
  registrationCardSchema,
} from '@hotel/domain';
import { audit } from '../../change-log/audit';
import { IDEMPOTENCY_HEADER, idempotencyHeadersSchema } from '../../plugins/idempotency';
import { folioDocument, readSettings, registrationCard, sendInvoice, updateSettings } from './documents';
import { correctLine, postCharge, readFolio, takePayment } from './folio';
import { folioErrors, validationRefusal } from './http';
import { folioStaysOf } from './stays';

export const adminFolioRoutes: FastifyPluginAsyncZod = async (app) => {
  staffPermission(app, 'bills');
  app.get(
    '/reservations/:id/folio/',
    {
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: 'The bill of a stay: its lines, payments and balance (reception, accountant)',
        description:
          'Lines derived from the booking (nights as priced at booking, extras, the rate\'s and the promo code\'s discounts; a cancelled stay: what its cancellation cost) and those written to the bill (room service put on it, charges staff posted, fees, discounts, corrections); payments through the provider (the prepayment, a fee, the saved card charged from the desk, less refunds) and at the desk. `totals.balance` = charges − payments, kopecks; `pending`: the desk\'s card charges waiting for the provider. `check_in`: whether the guest checked in online.',
        params: idParamSchema,
        response: { 200: folioSchema, ...folioErrors },
      },
    },
    async (request) => {
      if (request.validationError) throw validationRefusal(request);
      return readFolio(app.db, folioStaysOf(app), request.params.id);
    },
  );

  app.post(
    '/reservations/:id/folio/lines/',
    {
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: 'Post a charge, a fee or a discount to the bill of a stay (reception)',
        description:
          'A new line: `amount` in kopecks from 1 to 500,000 (5,000 BYN; a discount is taken off), `description` as the bill prints it. 409 for a cancelled booking, 404 for an unknown one, 422 for an amount of 0, below or over the cap (`detail` and `detail_ru`).',
        params: idParamSchema,
        body: folioChargeCreateSchema,
        response: { 201: folioSchema, ...folioErrors },
      },
    },
    async (request, reply) => {
      if (request.validationError) throw validationRefusal(request);
      return reply.code(201).send(await postCharge(request, request.params.id, request.body));
    },
  );

  app.post(
    '/reservations/:id/folio/lines/:line_id/correct/',
    {
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: 'Correct a line of the bill with a new negative line that names it (reception)',
        description: 'Lines are never edited. `amount` (kopecks) takes back part of the line, absent all it still holds; `reason` is printed on the bill. 409 when the line holds less (`correctable`).',
        params: folioLineParamsSchema,
        body: folioCorrectionSchema,
        response: { 201: folioSchema, ...folioErrors, 409: folioErrorSchemaWithCorrectable() },
      },
    },
    async (request, reply) => {
      if (request.validationError) throw validationRefusal(request);
      return reply.code(201).send(await correctLine(request, request.params.id, request.params.line_id, request.body));
    },
  );

  app.post(
    '/reservations/:id/folio/payments/',
    {
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: 'Take a payment towards the bill: at the desk, or the saved card charged from it (reception)',
        description:
          '`method` `cash`, `card_terminal` or `bank_transfer` records money taken at the desk, with its `reference`; `saved_card` charges the card that guarantees the booking through the payment provider, once per `Idempotency-Key` (required for it): a retry answers the same charge. A payment larger than the balance (less card charges still pending) is refused (422, `balance`) unless `reason` says why.',
        params: idParamSchema,
        headers: idempotencyHeadersSchema,
        body: folioPaymentCreateSchema,
        response: { 201: folioSchema, ...folioErrors, 422: folioErrorSchemaWithBalance() },
      },
    },
    async (request, reply) => {
      if (request.validationError) throw validationRefusal(request);
      const key = request.headers[IDEMPOTENCY_HEADER];
      return reply.code(201).send(await takePayment(request, request.params.id, request.body, typeof key === 'string' ? key : undefined));
    },
  );

  app.get(
    '/reservations/:id/folio/document/',
    {
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: 'The bill or paid invoice of a stay, with the hotel\'s legal details, for printing (reception, accountant)',
        params: idParamSchema,
        response: { 200: folioDocumentSchema, ...folioErrors },
      },
    },
    async (request) => {
      if (request.validationError) throw validationRefusal(request);
      return folioDocument(app.db, folioStaysOf(app), request.params.id);
    },
  );

  app.post(
    '/reservations/:id/folio/invoice/',
    {
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: 'Send the bill or paid invoice to the guest by e-mail, in their language (reception)',
        description: 'The check-out sends it by itself; this sends it (again) from the bill. 422 when the guest has no e-mail.',
        params: idParamSchema,
        response: { 200: z.object({ sent_at: z.string(), kind: z.enum(['bill', 'invoice']) }), ...folioErrors },
      },
    },
    async (request) => {
      if (request.validationError) throw validationRefusal(request);
      const sent = await sendInvoice(app, request.params.id);
      await app.db.transaction((tx) => audit(tx, request, { action: 'folio.invoice', target: `reservation ${request.params.id}`, before: null, after: sent }));
      return sent;
    },
  );

  app.get(
    '/reservations/:id/registration-card/',
    {
      config: { permission: 'desk' },
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: 'The registration card of a stay, for the guest to sign at arrival (reception)',
        description: 'The guest\'s document data as filled in online, until it is erased after departure; blank fields are filled by hand.',
        params: idParamSchema,
        response: { 200: registrationCardSchema, ...folioErrors },
      },
    },
    async (request) => {
      if (request.validationError) throw validationRefusal(request);
      return registrationCard(app.db, folioStaysOf(app), request.params.id);
    },
  );

  app.get(
    '/folio/settings/',
    {
      config: { permission: 'content' },
      schema: {
        tags: ['admin'],
        summary: 'The hotel\'s legal details for bills and invoices, and how long guests\' documents are kept (manager)',
        response: { 200: folioSettingsViewSchema, ...folioErrors },
      },
    },
    async () => readSettings(app.db),
  );

  app.put(
    '/folio/settings/',
    {
      config: { permission: 'content' },
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: 'Change the hotel\'s legal details and the retention of guests\' documents (manager)',
        description: '`tax_number`: the УНП, 9 digits; `bank_account`: 10 to 34 Latin letters and digits (an IBAN); `document_retention_days`: 1 to 3650, days after departure.',
        body: folioSettingsSchema,
        response: { 200: folioSettingsViewSchema, ...folioErrors },
      },
    },
    async (request) => {
      if (request.validationError) throw validationRefusal(request);
      return updateSettings(request, request.body);
    },
  );
};

function folioErrorSchemaWithCorrectable() {
  return z.object({ detail: z.string(), detail_ru: z.string().optional(), correctable: z.number().int().optional() });
}

function folioErrorSchemaWithBalance() {
  return z.object({ detail: z.string(), detail_ru: z.string().optional(), balance: z.number().int().optional() });
}
