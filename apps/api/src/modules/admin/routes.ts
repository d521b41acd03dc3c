/**
 * The admin area's API under /api/v1/admin/. Who may call: each route declares its permission
 * (`config: { permission: 'payments' }`, packages/domain's permission table), checked before the
 * request is read (401 anonymous, 403 a caller whose roles do not hold it). A route here that
 * declares none is the manager's and the superuser's only. test/authorization.test.ts walks the
 * server's route table against every role and fails on a staff route without a permission.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_MAX_BYTES } from '@hotel/domain';
import type { FastifyRequest } from 'fastify';
import { requireAdmin } from '../auth/session';
import { adminUserRoutes } from '../auth/admin-routes';
import { adminCalendarRoutes } from '../calendars/admin-routes';
import { adminHotelRoutes } from '../hotel/admin-routes';
import { adminLogRoutes } from './log';
import { adminMenuRoutes } from '../delivery/admin-routes';
import { adminOrderRoutes } from '../orders/admin-routes';
import { adminPaymentRoutes } from '../payments/admin-routes';
import { adminReservationRoutes } from '../hotel/admin-reservation-routes';
import { adminFeeRoutes } from '../hotel/admin-fee-routes';
import { adminDeskRoutes } from '../hotel/admin-desk-routes';
import { adminRateRoutes } from '../hotel/admin-rate-routes';
import { adminExtraRoutes } from '../extras/admin-routes';
import { adminReportRoutes } from '../reports/admin-routes';
import { adminRestaurantRoutes } from '../restaurant/admin-routes';
import { adminReviewRoutes } from '../reviews/admin-routes';
import { adminPromoRoutes } from '../promo/admin-routes';
import { adminFolioRoutes } from '../folio/admin-routes';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.routeOptions.config.permission === undefined) await requireAdmin(request);
  });
  await app.register(multipart, {
    // Fields become request.body (files as Buffers), so the route's zod schema checks them.
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 8, fieldSize: 16 * 1024, parts: 9, headerPairs: 50 },
  });
  await app.register(adminHotelRoutes);
  await app.register(adminMenuRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminLogRoutes);
  await app.register(adminReservationRoutes);
  await app.register(adminDeskRoutes);
  await app.register(adminOrderRoutes);
  await app.register(adminCalendarRoutes);
  await app.register(adminPaymentRoutes);
  await app.register(adminFeeRoutes);
  await app.register(adminRateRoutes);
  await app.register(adminExtraRoutes);
  await app.register(adminReportRoutes);
  await app.register(adminRestaurantRoutes);
  await app.register(adminReviewRoutes);
  await app.register(adminPromoRoutes);
  await app.register(adminFolioRoutes);
};
