/**
 * Builds the HTTP server: outside plugins first (security, limits, docs), then the application's
 * services as decorators, then the thin route modules, then the built web app.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@hotel/domain';
import type { Database, Db, DbDriver } from './db/client';
import { createDataVersions, type DataVersions } from './db/data-versions';
import type { Notifications } from './db/notifications';
import type { Env } from './env';
import type { JobLocks } from './jobs';
import { processHealthPlugin } from './process-health';
import { loggerOptions, RequestLog } from './logging';
import { metricsPlugin } from './metrics';
import { clientTokenPlugin } from './plugins/client-token';
import { databaseQueuePlugin } from './plugins/database-queue';
import { docsPlugin } from './plugins/docs';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors';
import { inputRulesPlugin } from './plugins/input-rules';
import { answersTogetherPlugin } from './plugins/answers-together';
import { securityPlugin } from './plugins/security';
import { responseSerializerCompiler } from './plugins/serialization';
import { webAppPlugin } from './plugins/web-app';
import { healthRoutes } from './modules/health/routes';
import { hotelRoutes } from './modules/hotel/routes';
import { extrasRoutes } from './modules/extras/routes';
import { deliveryRoutes } from './modules/delivery/routes';
import { restaurantRoutes } from './modules/restaurant/routes';
import { tableBookPage, tableBookPageRoutes } from './modules/restaurant/book-page';
import { uploadsRoutes } from './modules/uploads/routes';
import { SESSION_COOKIE, sessionPlugin } from './modules/auth/session';
import { authRoutes } from './modules/auth/routes';
import { oauthCallbackRoutes, oauthStartRoutes } from './modules/auth/oauth/routes';
import { usePasswordHashing } from './modules/auth/passwords';
import { passwordResetRoutes } from './modules/account/password-reset';
import { accountRoutes } from './modules/account/routes';
import { liveOrderRoutes } from './modules/orders/live';
import { orderLifecyclePlugin } from './modules/orders/lifecycle';
import { bookingSiteCalendarsSlot } from './modules/hotel/booking-site-calendars';
import { stayPaymentsPlugin } from './modules/hotel/stay-payments';
import { extraRoomsPlugin } from './modules/hotel/extra-rooms';
import { extraRoomsSlot } from './modules/extras/rooms';
import { folioStaysPlugin } from './modules/hotel/folio-stays';
import { orderRoutes } from './modules/orders/routes';
import type { PaymentGateway } from './modules/payments/gateway';
import { cardRoutes } from './modules/payments/cards';
import { paymentsPlugin } from './modules/payments/plugin';
import { paymentRoutes } from './modules/payments/routes';
import { sandboxPageRoutes } from './modules/payments/sandbox/page';
import { paymentWebhookRoutes } from './modules/payments/webhook';
import { adminRoutes } from './modules/admin/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { promoRoutes } from './modules/promo/routes';
import { reviewLettersPlugin } from './modules/reviews/letters';
import { checkInJobsPlugin } from './modules/folio/documents';
import { folioLedgerPlugin } from './modules/folio/ledger-source';
import { folioStaysSlot } from './modules/folio/stays';
import { folioRoutes } from './modules/folio/routes';
import { noticeRoutes, noticesPlugin, telegramWebhookRoutes } from './modules/notices/routes';
import { withReviews } from './modules/reviews/page-data';
import { calendarExportRoutes } from './modules/calendars/export';
import { bookingSiteCalendarsPlugin } from './modules/calendars/hotel-source';
import { importAllFeeds, importOptions } from './modules/calendars/import';
import { loadAvailability, type Availability } from './modules/hotel/availability';
import { createMenuCache, type MenuCache } from './modules/delivery/menu';
import { deliveryPage } from './modules/delivery/page-data';
import { hotelPage, roomsSearchPage } from './modules/hotel/page-data';
import type { Storage } from './storage';
import { createMailer, type Mailer } from './mail/mailer';
import { capLettersPerRecipient } from './mail/recipient-cap';

/** Methods that change nothing: their answers need not wait for the caches (docs/caching.md). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    db: Db;
    dbDriver: DbDriver;
    /** LISTEN/NOTIFY: what other instances (and this one) changed (db/notifications.ts). */
    notifications: Notifications;
    /** Which instance runs a timer's tick (jobs.ts). */
    jobLocks: JobLocks;
    /** The data versions every cache is keyed on (db/data-versions.ts, docs/caching.md). */
    dataVersions: DataVersions;
    /** Rooms and their taken nights, in memory (modules/hotel/availability.ts). */
    availability: Availability;
    /** The delivery menu, in memory while its data version stays (modules/delivery/menu.ts). */
    menu: MenuCache;
    storage: Storage;
    mailer: Mailer;
    /** Every route registered, as Fastify's onRoute hook saw it (the authorization test walks it). */
    routeTable: { method: string; url: string; readonly permission: string | undefined }[];
  }
}

export interface AppOptions {
  env: Env;
  database: Database;
  storage: Storage;
  logger?: FastifyServerOptions['logger'];
  /** Where the configured logger writes instead of stdout (tests read the whole run's log). */
  logStream?: DestinationStream;
  /** Replaces the configured mailer (tests capture mail this way or use a loopback SMTP server). */
  mailer?: Mailer;
  /** Replaces the payment provider PAYMENT_PROVIDER names (tests). */
  paymentGateway?: PaymentGateway;
  /** Serve the built web app from apps/web/dist (off in API tests). */
  serveWebApp?: boolean;
  /** Draw the pages rendered with data as the app gets ready, before the first visitor (the server). */
  drawPagesAhead?: boolean;
  /** Where the built web app is, instead of apps/web/dist or WEB_DIST_DIR (a test's own build). */
  webDistFolder?: string;
}

const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

export async function buildApp(options: AppOptions) {
  const { env, database, storage } = options;
  usePasswordHashing(env.PASSWORD_HASHING);
  const app = Fastify({
    // Redacted and scrubbed: no personal data or secret in any line (logging.ts).
    logger: options.logger ?? loggerOptions(env.LOG_LEVEL, options.logStream),
    logController: new RequestLog(),
    bodyLimit: 1024 * 1024,
    // The client is the address TRUST_PROXY hops from the right of X-Forwarded-For: the ones left
    // of it are whatever the client wrote (docs/decisions/015-hardening.md).
    trustProxy: env.TRUST_PROXY > 0 ? (_address: string, hop: number) => hop < env.TRUST_PROXY : false,
    // A caller's request id is kept when it looks like one, so logs can be joined across services.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: false },
    frameworkErrors,
    clientErrorHandler,
    // While shutting down, a request on a connection already open is still answered (with
    // Connection: close), not refused with 503: process-health.ts drains instead.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON (and multipart for uploads): a text body is refused with 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checkWithZod: env.NODE_ENV === 'test' }));

  const routeTable: FastifyInstance['routeTable'] = [];
  app.addHook('onRoute', (route) => {
    // The permission is read when asked: a plugin's own onRoute hook declares it after this one ran.
    for (const method of [route.method].flat()) {
      routeTable.push({
        method,
        url: route.url,
        get permission() {
          return route.config?.permission;
        },
      });
    }
  });
  app.decorate('routeTable', routeTable);
  app.decorate('env', env);
  app.decorate('db', database.db);
  app.decorate('dbDriver', database.driver);
  app.decorate('notifications', database.notifications);
  // PostgreSQL restarting, failing over or ending an idle connection: the pool opens another on
  // next use and the listener reconnects (db/client.ts); requests meanwhile are answered 503.
  database.onConnectionLost((error, connection) => app.log.warn({ err: error, connection }, 'a database connection was lost; it is replaced'));
  app.decorate('jobLocks', database.jobLocks);
  const dataVersions = await createDataVersions(database.db, database.notifications);
  app.decorate('dataVersions', dataVersions);
  app.decorate('availability', await loadAvailability(database.db, dataVersions));
  app.decorate('menu', createMenuCache(database.db, dataVersions));
  app.addHook('onClose', async () => {
    app.availability.close();
    await dataVersions.close();
  });
  // A write answers once this instance has heard its changes and reloaded what they touch, so the
  // writer's next read (a search, /hotel, the menu) already shows them (docs/caching.md). A refusal
  // too: a declined card (402) or a failure after the booking was written has held a room and let
  // it go, and the guest's next search must find it free.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READS.has(request.method)) await dataVersions.caughtUp();
    return payload;
  });
  app.decorate('storage', storage);
  app.decorate(
    'mailer',
    capLettersPerRecipient(options.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, log: app.log }), {
      db: database.db,
      perDay: env.MAIL_PER_RECIPIENT_PER_DAY,
      log: app.log,
    }),
  );

  await app.register(errorsPlugin);
  await app.register(inputRulesPlugin);
  await app.register(securityPlugin, { webDistFolder: options.webDistFolder });
  await app.register(databaseQueuePlugin, {
    pending: database.pending,
    limit: env.PGLITE_QUEUE_LIMIT,
    concurrent: env.PGLITE_CONCURRENT_CALLS,
    waitMs: env.PGLITE_QUEUE_WAIT_MS,
  });
  await app.register(docsPlugin);
  // Before the routes, so that its hooks count every one of them (metrics.ts; off without METRICS_TOKEN).
  await app.register(metricsPlugin, { database });
  await app.register(sessionPlugin);
  await app.register(paymentsPlugin, { gateway: options.paymentGateway });
  await app.register(orderLifecyclePlugin);
  await app.register(stayPaymentsPlugin);
  await app.register(folioStaysSlot);
  await app.register(folioStaysPlugin);
  await app.register(folioLedgerPlugin);
  await app.register(bookingSiteCalendarsSlot);
  await app.register(bookingSiteCalendarsPlugin);
  await app.register(extraRoomsSlot);
  await app.register(extraRoomsPlugin);
  await app.register(reviewLettersPlugin);
  await app.register(checkInJobsPlugin);
  await app.register(noticesPlugin);
  // After every plugin that adds an onSend hook: its own runs last (answers-together.ts).
  await app.register(answersTogetherPlugin);

  // Probes of orchestrators and balancers carry no client token (process-health.ts).
  await app.register(processHealthPlugin, { prefix: API_PREFIX });
  // Images are fetched by plain URL (<img src>), so they cannot carry the client token header.
  await app.register(uploadsRoutes, { prefix: `${API_PREFIX}/uploads` });
  // Social sign-in starts from a plain link, which cannot carry the header either.
  await app.register(oauthStartRoutes, { prefix: `${API_PREFIX}/auth` });
  // The payment provider reports with its own signature, not our header; its page is navigated to.
  await app.register(paymentWebhookRoutes, { prefix: `${API_PREFIX}/payments` });
  // Telegram proves its updates with the secret token header it was given (modules/notices/routes.ts).
  await app.register(telegramWebhookRoutes, { prefix: API_PREFIX });
  // EventSource cannot send it either: the live streams take the session cookie and a same-origin
  // request instead (docs/decisions/019-live-updates.md).
  await app.register(liveOrderRoutes, { prefix: API_PREFIX });
  // Booking sites read a room's calendar by its secret address alone (modules/calendars/export.ts).
  await app.register(calendarExportRoutes, { prefix: API_PREFIX });
  if (app.paymentGateway.provider === 'sandbox') {
    await app.register(sandboxPageRoutes, { prefix: `${API_PREFIX}/payments/sandbox` });
  }

  await app.register(
    async (api) => {
      await api.register(clientTokenPlugin);
      await api.register(healthRoutes);
      await api.register(hotelRoutes, {
        prefix: '/hotel',
        // Booking-site calendars are the calendars module's, which reads the hotel's holds: injected here, so hotel does not import it.
        syncCalendars: (request) => importAllFeeds(app.db, importOptions(app.env, request.log)),
      });
      await api.register(extrasRoutes, { prefix: '/hotel' });
      await api.register(deliveryRoutes, { prefix: '/delivery' });
      await api.register(restaurantRoutes, { prefix: '/restaurant' });
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(passwordResetRoutes, { prefix: '/auth/password', confirmPath: 'reset/confirm/' });
      await api.register(oauthCallbackRoutes);
      await api.register(accountRoutes, { prefix: '/account' });
      await api.register(noticeRoutes, { prefix: '/account/notices' });
      await api.register(orderRoutes);
      await api.register(paymentRoutes, { prefix: '/payments' });
      await api.register(reviewRoutes);
      await api.register(promoRoutes);
      await api.register(folioRoutes);
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(cardRoutes, { prefix: '/account/payments/methods' });
    },
    { prefix: API_PREFIX },
  );

  // The table form posts here without scripts: a page's address, not the API's (issue 48, point 11).
  await app.register(tableBookPageRoutes);

  await app.register(webAppPlugin, {
    enabled: options.serveWebApp ?? false,
    distFolder: options.webDistFolder,
    drawAhead: options.drawPagesAhead ?? false,
    dataPages: [withReviews(hotelPage, 'stay'), roomsSearchPage, withReviews(deliveryPage, 'order'), tableBookPage],
    // The web app's guarded cart (apps/web/src/app/route-tables/delivery-routes.tsx).
    signInFirst: { paths: ['/cart', '/delivery/cart'], maySignedIn: (request) => request.cookies[SESSION_COOKIE] !== undefined },
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
