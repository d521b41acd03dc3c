/**
 * The rate calendar's API (issue 23; decision 040): a month of every room's prices by date and stay
 * rules, and the staff's changes. Who may call: admin and superuser (the admin plugin's guard).
 * Each change is written to the change log; the rooms in memory, the kept searches and the pages
 * follow by the `rooms` data version (docs/caching.md).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, priceRuleCreateSchema, priceRuleSchema, ratesMonthSchema, ratesQuerySchema, stayRuleCreateSchema, stayRuleSchema } from '@hotel/domain';
import { audit } from '../../change-log/audit';
import { errorResponses, staffPermission } from '../../plugins/admin-http';
import { currentUser } from '../auth/session';
import { createPriceRules, createStayRules, presentPriceRule, presentStayRule, ratesMonth, removeRule } from './rates';
import type { PriceRuleRow, StayRuleRow } from './repository';

export const adminRateRoutes: FastifyPluginAsyncZod = async (app) => {
  staffPermission(app, 'prices');
  app.get(
    '/rates/',
    {
      schema: {
        tags: ['admin'],
        summary: "A month of the rate calendar: every room's base prices, and the price and stay rules touching the month (admin, superuser)",
        description:
          'Rules come oldest first; where they overlap the newest (highest id) wins, night by night, as the search and the booking price it. ' +
          '`month` is "YYYY-MM", from a year back to the booking horizon.',
        querystring: ratesQuerySchema,
        response: { 200: ratesMonthSchema, ...errorResponses },
      },
    },
    async (request) => ratesMonth(app.db, request.query.month),
  );

  app.post(
    '/rates/prices/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set a price for rooms over a range of nights, on chosen weekdays (admin, superuser)',
        description:
          'One rule per room. `first_night`..`last_night` inclusive, from today to the booking horizon (a year and a stay ahead); ' +
          '`weekdays` ISO (1 Monday … 7 Sunday), every day when left out; `price` greater than 0 and at most the admin maximum; ' +
          "`extra_price` the extra-place price on those nights, null keeps the room's own. The newest rule wins where rules overlap. " +
          'The next search prices stays by it; bookings made before keep their prices.',
        body: priceRuleCreateSchema,
        response: { 201: z.array(priceRuleSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const rows = await createPriceRules(app.db, request.body, currentUser(request).id, (tx, created) => auditRules(tx, request, 'rate.price', created));
      return reply.code(201).send(rows.map(presentPriceRule));
    },
  );

  app.delete(
    '/rates/prices/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a price rule: the rules under it, or the base price, apply again (admin, superuser)',
        params: idParamSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await removeRule<PriceRuleRow>(app.db, 'price', request.params.id, (tx, row) =>
        audit(tx, request, { action: 'rate.price_remove', target: `room ${row.roomId}`, before: presentPriceRule(row), after: null }),
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/rates/stay-rules/',
    {
      config: { permission: 'rules' },
      schema: {
        tags: ['admin'],
        summary: 'Set a stay rule for rooms over a range of days: minimum nights, closed to arrival or departure (admin, superuser)',
        description:
          'One rule per room, for the days `first_night`..`last_night` inclusive on `weekdays` (as for prices). `min_nights` (1 to 30) ' +
          'applies to a stay arriving on a covered day; `closed_to_arrival` refuses arrivals on it, `closed_to_departure` departures. ' +
          'At least one of the three. The newest rule covering a day wins. The search then shows a room a stay breaks it in with the ' +
          'reason, and a booking that breaks it answers 422 naming the rule.',
        body: stayRuleCreateSchema,
        response: { 201: z.array(stayRuleSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const rows = await createStayRules(app.db, request.body, currentUser(request).id, (tx, created) => auditRules(tx, request, 'rate.stay_rule', created));
      return reply.code(201).send(rows.map(presentStayRule));
    },
  );

  app.delete(
    '/rates/stay-rules/:id/',
    {
      config: { permission: 'rules' },
      schema: {
        tags: ['admin'],
        summary: 'Remove a stay rule (admin, superuser)',
        params: idParamSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await removeRule<StayRuleRow>(app.db, 'stay', request.params.id, (tx, row) =>
        audit(tx, request, { action: 'rate.stay_rule_remove', target: `room ${row.roomId}`, before: presentStayRule(row), after: null }),
      );
      return reply.code(204).send(null);
    },
  );
};

async function auditRules(
  tx: Parameters<typeof audit>[0],
  request: Parameters<typeof audit>[1],
  action: 'rate.price' | 'rate.stay_rule',
  rows: (PriceRuleRow | StayRuleRow)[],
) {
  for (const row of rows) {
    const after = 'price' in row ? presentPriceRule(row) : presentStayRule(row);
    await audit(tx, request, { action, target: `room ${row.roomId}`, before: null, after });
  }
}
