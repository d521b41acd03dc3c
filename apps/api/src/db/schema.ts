/**
 * The database schema, assembled from the tables each owner declares beside its repository
 * (docs/decisions/050-every-table-has-one-owner.md). drizzle-kit reads this file to generate the
 * migrations committed under `apps/api/drizzle/` (`npm run db:generate`), and the client takes it
 * as its schema; code reads another owner's tables only through that owner's functions.
 */
export * from './columns';
export * from '../change-log/tables';
export * from '../idempotency/tables';
export * from '../mail/tables';
export * from '../modules/account/tables';
export * from '../modules/auth/tables';
export * from '../modules/calendars/tables';
export * from '../modules/delivery/tables';
export * from '../modules/extras/tables';
export * from '../modules/folio/tables';
export * from '../modules/hotel/tables';
export * from '../modules/notices/tables';
export * from '../modules/orders/tables';
export * from '../modules/payments/tables';
export * from '../modules/promo/tables';
export * from '../modules/restaurant/tables';
export * from '../modules/reviews/tables';
