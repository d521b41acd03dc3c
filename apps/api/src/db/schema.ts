/**
 * The database schema. Migrations are generated from this file by drizzle-kit
 * (`npm run db:generate`) and committed under `apps/api/drizzle/`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  EXTRA_COUNTS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  REVIEW_KINDS,
  REVIEW_STATES,
  STAFF_ROLES,
  TABLE_COVERS_DEFAULT,
  TABLE_PARTY_MAX,
  TABLE_SOURCES,
  TABLE_STATUSES,
  type CalendarConflict,
  type CalendarSkipReason,
  type ChosenOption,
  type LocalizedText,
  type OptionGroup,
  type OrderAddress,
} from '@hotel/domain';

/** A PostgreSQL `daterange`, written and read as its canonical text form `[2026-05-01,2026-05-03)`. */
export const dateRange = customType<{ data: string; driverData: string }>({
  dataType: () => 'daterange',
});

const localized = (name: string) => jsonb(name).$type<LocalizedText>().notNull();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('user_role', ['user', 'admin', 'superuser']);
export const genderEnum = pgEnum('gender', ['male', 'female']);
export const languageEnum = pgEnum('language', ['ru', 'en']);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    isActive: boolean('is_active').notNull().default(false),
    role: roleEnum('role').notNull().default('user'),
    username: text('username'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    extraPhone: text('extra_phone'),
    gender: genderEnum('gender'),
    birthday: date('birthday', { mode: 'string' }),
    language: languageEnum('language').notNull().default('ru'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export const staffRoleEnum = pgEnum('staff_role', STAFF_ROLES);

/** The jobs each member of staff holds (reception, kitchen …); a person may hold several. */
export const staffRoles = pgTable(
  'staff_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: staffRoleEnum('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), index('staff_roles_role_idx').on(t.role)],
);

export interface StoredImage {
  /** File name under the uploads folder. */
  file: string;
  alt: LocalizedText;
}

export const conveniences = pgTable('conveniences', {
  id: serial('id').primaryKey(),
  description: localized('description'),
  /** File name under the uploads folder. */
  image: text('image'),
  createdAt: createdAt(),
});

export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    position: integer('position').notNull().default(0),
    name: localized('name'),
    description: localized('description'),
    images: jsonb('images').$type<StoredImage[]>().notNull().default([]),
    price: integer('price').notNull(),
    extraPrice: integer('extra_price'),
    primaryCapacity: integer('primary_capacity').notNull(),
    extraCapacity: integer('extra_capacity').notNull().default(0),
    roomSize: real('room_size').notNull(),
    /** The secret in the URL of the room's exported calendar (.ics) that booking sites import. */
    calendarToken: text('calendar_token')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /** The non-refundable rate's discount in whole percent; 0: the room offers no such rate (decision 045). */
    nonRefundablePercent: integer('non_refundable_percent').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('rooms_price_nonnegative', sql`${t.price} >= 0`),
    check('rooms_non_refundable_percent', sql`${t.nonRefundablePercent} BETWEEN 0 AND 50`),
    check('rooms_extra_price_nonnegative', sql`${t.extraPrice} IS NULL OR ${t.extraPrice} >= 0`),
    check('rooms_capacity_positive', sql`${t.primaryCapacity} > 0 AND ${t.extraCapacity} >= 0`),
  ],
);

export const roomConveniences = pgTable(
  'room_conveniences',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    convenienceId: integer('convenience_id')
      .notNull()
      .references(() => conveniences.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.convenienceId] })],
);

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  position: integer('position').notNull().default(0),
  title: localized('title'),
  createdAt: createdAt(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    name: localized('name'),
    description: localized('description'),
    price: integer('price').notNull(),
    image: jsonb('image').$type<StoredImage | null>(),
    /** Off the menu for now (sold out today), without losing the dish. */
    hidden: boolean('hidden').notNull().default(false),
    /** The dish's option groups (issue 24; docs/decisions/041-delivery-slots-and-dish-options.md). */
    optionGroups: jsonb('option_groups').$type<OptionGroup[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    check('products_price_positive', sql`${t.price} > 0`),
  ],
);

/**
 * A stay in a room. Double booking is impossible because of the exclusion constraint
 * `reservations_no_overlap` (see the migration that creates it), not because of application code.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    stay: dateRange('stay').notNull(),
    guestCount: integer('guest_count').notNull(),
    pricePerNight: integer('price_per_night').notNull(),
    price: integer('price').notNull(),
    specialRequests: text('special_requests').notNull().default(''),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** Staff marked that the guest never came; the first night is owed as for a late cancellation. */
    noShowAt: timestamp('no_show_at', { withTimezone: true }),
    /** What a late cancellation costs (the first night), fixed when it is cancelled; 0 when free. */
    cancellationFee: integer('cancellation_fee'),
    /**
     * Each night's price at booking, from the arrival night on (prices by date, decision 040);
     * null for bookings made before, whose nights all cost `price_per_night`.
     */
    nightPrices: integer('night_prices').array(),
    /** The card that guarantees the booking: a late cancellation's fee is charged to it. */
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    /** `flexible` or `non_refundable` (decision 045): the latter is paid in full at booking and refunds nothing. */
    rate: text('rate').$type<'flexible' | 'non_refundable'>().notNull().default('flexible'),
    /** The non-refundable rate's discount taken off the nights, in kopecks; `price` is after it. */
    rateDiscount: integer('rate_discount').notNull().default(0),
    /** A non-refundable booking: when the provider confirmed its payment. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A non-refundable booking not paid yet holds its room until then; unpaid after it, it is released. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** A non-refundable booking whose payment failed, was declined or expired: released (canceled_at set too), shown to nobody but staff's ledger. */
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    /** The promo code the stay was booked with (decision 043), and what it took off: `price` is after it. */
    promoCode: text('promo_code'),
    promoDiscount: integer('promo_discount').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('reservations_user_idx').on(t.userId),
    check('reservations_stay_nonempty', sql`NOT isempty(${t.stay})`),
    check('reservations_guest_count_positive', sql`${t.guestCount} > 0`),
    check('reservations_rate', sql`${t.rate} IN ('flexible', 'non_refundable')`),
    // No price or discount below zero (issue 42): the domain floors every total, the database refuses the rest.
    check(
      'reservations_amounts_nonnegative',
      sql`${t.price} >= 0 AND ${t.pricePerNight} >= 0 AND ${t.rateDiscount} >= 0 AND ${t.promoDiscount} >= 0 AND coalesce(${t.cancellationFee}, 0) >= 0`,
    ),
    index('reservations_unpaid_idx').on(t.holdUntil).where(sql`${t.paidAt} IS NULL AND ${t.canceledAt} IS NULL AND ${t.holdUntil} IS NOT NULL`),
  ],
);

/** Server-side sessions: the cookie holds a random token, the table only its SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Wrong passwords in a row per account (issue 21, point 4; issue 42, point 12): each attempt takes
 * its failure before the password is checked, in one statement that also refuses it while
 * `blocked_until` is ahead, so parallel guesses are counted one by one on every instance.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
  },
  (t) => [check('sign_in_failures_count', sql`${t.failures} >= 0`)],
);

export const codePurposeEnum = pgEnum('code_purpose', ['activation', 'password_reset', 'email_change']);

/** Six-digit codes sent by e-mail, stored hashed, with expiry, attempts and resend time. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: codePurposeEnum('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the code was entered correctly (a confirmed reset may then set a new password). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /**
     * SHA-256 of the single-use token a confirmed reset code answered: only its holder may set the
     * new password (docs/decisions/015-hardening.md).
     */
    resetTokenHash: text('reset_token_hash'),
    /** The address an e-mail change code was sent to; it becomes the user's when the code is entered. */
    newEmail: text('new_email'),
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

export const codeEventKindEnum = pgEnum('code_event_kind', ['sent', 'failed']);

/**
 * Codes mailed and wrong codes entered, per user and purpose: the daily limits count these, so
 * asking for a new code does not restore the guesses. Rows older than a day are of no use and go.
 */
export const codeEvents = pgTable(
  'code_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: codePurposeEnum('purpose').notNull(),
    kind: codeEventKindEnum('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('code_events_user_purpose_at_idx').on(t.userId, t.purpose, t.at)],
);

/**
 * Idempotency-Key of a creating request (a booking, an order): a retry with the same key gets the
 * first answer again instead of a second resource or a conflict with its own first one.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the key created: 'reservation', 'order'. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request body: the same key with another body is a client error. */
    requestHash: text('request_hash').notNull(),
    /** The id of what the first request created; null while that request is under way. */
    resourceId: integer('resource_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export const oauthProviderEnum = pgEnum('oauth_provider', ['google', 'yandex']);

/** A Google or Yandex account linked to a user. */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: oauthProviderEnum('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('oauth_accounts_provider_subject_key').on(t.provider, t.subject)],
);

/** People a user books rooms for (the user counts as a guest themselves). */
export const guests = pgTable(
  'guests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    secondName: text('second_name'),
    createdAt: createdAt(),
  },
  (t) => [index('guests_user_idx').on(t.userId)],
);

/** Delivery addresses of a user; at most one is primary. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    address: text('address').notNull(),
    entrance: integer('entrance'),
    floor: integer('floor'),
    apartment: integer('apartment'),
    intercom: text('intercom'),
    comment: text('comment'),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_primary_per_user').on(t.userId).where(sql`${t.isPrimary}`),
    check('addresses_positive_numbers', sql`coalesce(${t.entrance}, 1) > 0 AND coalesce(${t.floor}, 1) > 0 AND coalesce(${t.apartment}, 1) > 0`),
  ],
);

/** The people staying, copied from the user's guests at booking time so later edits do not rewrite history. */
export const reservationGuests = pgTable(
  'reservation_guests',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    guestId: integer('guest_id').references(() => guests.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    secondName: text('second_name'),
  },
  (t) => [index('reservation_guests_reservation_idx').on(t.reservationId)],
);

// ─── Orders and payments (docs/decisions/014-payments.md) ─────────────────────────────────────

export const paymentProviderEnum = pgEnum('payment_provider', ['sandbox', 'bepaid']);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);
export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
/** What a payment is for: saving a card, paying an order, a late cancellation's fee. */
/** `stay`: a non-refundable booking paid in full at booking (decision 045). */
export const paymentPurposeEnum = pgEnum('payment_purpose', ['card', 'order', 'reservation_fee', 'stay']);

/**
 * Saved cards. Only what the provider tells about a card is kept: its token (to charge it again),
 * last four digits, brand and expiry. A card is `pending` while the guest is on the provider's
 * page, `succeeded` once saved, `canceled` when the provider refused it or the guest gave up.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    publicId: uuid('public_id').notNull().unique().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: paymentProviderEnum('provider').notNull(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    token: text('token'),
    cardLast4: text('card_last4'),
    brand: text('brand'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    uniqueIndex('payment_methods_one_primary_per_user').on(t.userId).where(sql`${t.isPrimary}`),
    check('payment_methods_last4', sql`${t.cardLast4} IS NULL OR ${t.cardLast4} ~ '^[0-9]{4}$'`),
    check('payment_methods_saved_has_token', sql`${t.status} <> 'succeeded' OR (${t.token} IS NOT NULL AND ${t.cardLast4} IS NOT NULL)`),
  ],
);

/** A food order, priced by the server from the menu of the day it was placed. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: orderStatusEnum('status').notNull().default('pending'),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    /** The address as it was when ordered: a later edit of the address book changes no order. */
    address: jsonb('address').$type<Omit<OrderAddress, 'id'>>().notNull(),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    comment: text('comment').notNull().default(''),
    itemsTotal: integer('items_total').notNull(),
    deliveryFee: integer('delivery_fee').notNull(),
    packaging: integer('packaging').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    total: integer('total').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** Why staff cancelled it, in their words, shown to the guest; empty when the guest cancelled. */
    cancelReason: text('cancel_reason').notNull().default(''),
    /** The 30-minute slot the guest chose (its start); null: as soon as possible (issue 24). */
    deliverAt: timestamp('deliver_at', { withTimezone: true }),
    /** When it should be at the door: the slot, or the lead time from the moment it was placed. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Room service (issue 24): the stay whose room the order goes to; null for an order to an address. */
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    /** The room's name when ordered, so a renamed room changes no order; null for an order to an address. */
    roomName: jsonb('room_name').$type<LocalizedText>(),
    /** The promo code of the order (decision 043) and its part of `discount`, which includes it. */
    promoCode: text('promo_code'),
    promoDiscount: integer('promo_discount').notNull().default(0),
  },
  (t) => [
    index('orders_user_idx').on(t.userId),
    index('orders_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('orders_deliver_at_idx').on(t.deliverAt).where(sql`${t.deliverAt} IS NOT NULL`),
    check('orders_amounts_nonnegative', sql`${t.itemsTotal} >= 0 AND ${t.deliveryFee} >= 0 AND ${t.packaging} >= 0 AND ${t.discount} >= 0`),
    check('orders_total_adds_up', sql`${t.total} = ${t.itemsTotal} + ${t.deliveryFee} + ${t.packaging} - ${t.discount}`),
    check('orders_total_nonnegative', sql`${t.total} >= 0 AND ${t.promoDiscount} >= 0 AND ${t.promoDiscount} <= ${t.discount}`),
    // Room service carries no delivery fee (docs/decisions/042-room-service.md).
    check('orders_room_service_no_fee', sql`${t.roomName} IS NULL OR ${t.deliveryFee} = 0`),
  ],
);

/** The dishes of an order, named and priced as they were when ordered. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: localized('name'),
    image: jsonb('image').$type<StoredImage | null>(),
    /** One portion with its options, as when ordered. */
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    /** The chosen options, named and priced as when ordered (issue 24). */
    options: jsonb('options').$type<ChosenOption[]>().notNull().default([]),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity', sql`${t.quantity} BETWEEN 1 AND 99`),
    check('order_items_price_nonnegative', sql`${t.price} >= 0`),
  ],
);

/**
 * Days on which staff closed ordering from the order board (a full or closed kitchen): no delivery
 * order is taken for the rest of that hotel day (docs/decisions/025-payments-hardening.md).
 */
export const kitchenSettings = pgTable(
  'kitchen_settings',
  {
    /** One row: the kitchen's settings (issue 24); the house's defaults (packages/domain) until staff save. */
    id: integer('id').primaryKey().default(1),
    leadMinutes: integer('lead_minutes').notNull(),
    slotCapacity: integer('slot_capacity').notNull(),
    minOrder: integer('min_order').notNull(),
    freeDeliveryFrom: integer('free_delivery_from'),
    /** What delivery to an address costs below the free-delivery amount (issue 48, point 13); 139 BYN, the spec's figure, until staff change it. */
    deliveryFee: integer('delivery_fee').notNull().default(13900),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('kitchen_settings_one_row', sql`${t.id} = 1`),
    check('kitchen_settings_lead', sql`${t.leadMinutes} BETWEEN 10 AND 240`),
    check('kitchen_settings_capacity', sql`${t.slotCapacity} BETWEEN 1 AND 100`),
    check('kitchen_settings_amounts', sql`${t.minOrder} >= 0 AND (${t.freeDeliveryFrom} IS NULL OR ${t.freeDeliveryFrom} >= 0)`),
    check('kitchen_settings_delivery_fee', sql`${t.deliveryFee} BETWEEN 0 AND 50000`),
  ],
);

export const kitchenClosures = pgTable('kitchen_closures', {
  /** The hotel's calendar day, "YYYY-MM-DD". */
  day: date('day', { mode: 'string' }).primaryKey(),
  closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * Every attempt to move money or save a card through the provider. The row's id is the attempt's
 * idempotency key and its tracking id at the provider: created before the provider is called, so a
 * retry finds it instead of charging again. One live (pending or succeeded) payment per order and
 * per reservation fee is a unique index, not a check in code.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: paymentPurposeEnum('purpose').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'restrict' }),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    provider: paymentProviderEnum('provider').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('BYN'),
    status: paymentStatusEnum('status').notNull().default('pending'),
    /** The provider's own reference (bePaid's checkout token or transaction uid, the sandbox's id). */
    providerRef: text('provider_ref'),
    confirmationUrl: text('confirmation_url'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** When the server last asked the provider about this payment. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** A succeeded payment given back in full (a paid order cancelled before cooking). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Until when the provider's page (a checkout, or a 3-D Secure confirmation) may still be finished. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** An unpaid fee that staff settled outside the provider (cash at the desk, written off), with their note. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
    /**
     * The Idempotency-Key the guest's browser sent with the attempt: the same order, card and key
     * are one attempt, whatever became of it (docs/decisions/025-payments-hardening.md).
     */
    attemptKey: text('attempt_key'),
  },
  (t) => [
    uniqueIndex('payments_one_per_attempt_key')
      .on(t.orderId, t.paymentMethodId, t.attemptKey)
      .where(sql`${t.orderId} IS NOT NULL AND ${t.attemptKey} IS NOT NULL`),
    index('payments_order_idx').on(t.orderId, t.paymentMethodId, t.settledAt),
    // A declined card's pause is per card, whatever it paid (payments/service.ts refuseDeclinedCard).
    index('payments_card_settled_idx').on(t.paymentMethodId, t.settledAt),
    uniqueIndex('payments_one_live_per_order')
      .on(t.orderId)
      .where(sql`${t.orderId} IS NOT NULL AND ${t.status} IN ('pending', 'succeeded')`),
    // One live fee and one live payment of the stay per booking. The purpose is a column of the
    // index, not a literal of its condition: a value added to the enum cannot be used in the
    // migration's own transaction.
    uniqueIndex('payments_one_live_per_reservation_fee')
      .on(t.reservationId, t.purpose)
      .where(sql`${t.reservationId} IS NOT NULL AND ${t.status} IN ('pending', 'succeeded')`),
    uniqueIndex('payments_one_per_card').on(t.paymentMethodId).where(sql`${t.purpose} = 'card'`),
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // A charge of 0 never reaches the provider (issue 42): a stay or order at 0 is confirmed without a payment.
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check(
      'payments_purpose_target',
      sql`(${t.purpose} = 'order' AND ${t.orderId} IS NOT NULL) OR (${t.purpose} NOT IN ('order', 'card') AND ${t.reservationId} IS NOT NULL) OR ${t.purpose} = 'card'`,
    ),
  ],
);

export const refundStatusEnum = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);

/**
 * Money given back: one refund per succeeded payment, in full (docs/decisions/026-money-staff-trust.md).
 * A refund the provider refuses stays pending and is tried again by the settling timer; after the
 * last try it is failed and stands at the top of the staff's payments page until someone retries it
 * or settles it outside the provider with a note.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    status: refundStatusEnum('status').notNull().default('pending'),
    reason: text('reason').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When the settling timer may try a refused refund again. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The provider's id of the refund (or of the void of an uncaptured authorization). */
    providerRef: text('provider_ref'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    index('refunds_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The embedded sandbox gateway's own book of checkouts: what a provider keeps on its side. Our
 * code reads it only through the sandbox adapter, as it would read bePaid through its API.
 */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  trackingId: text('tracking_id').notNull().unique(),
  kind: text('kind', { enum: ['payment', 'tokenization'] }).notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  status: text('status', { enum: ['pending', 'successful', 'failed'] }).notNull().default('pending'),
  /** A saved card being charged (3-D Secure): its token; a new card: filled in on the page. */
  cardToken: text('card_token'),
  cardLast4: text('card_last4'),
  brand: text('brand'),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  message: text('message'),
  returnUrl: text('return_url').notNull(),
  notificationUrl: text('notification_url').notNull(),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** The page may be finished until then; null: the sandbox's default lifetime. */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});

// ─── Administration ─────────────────────────────────────────────────────────────────────────────

/**
 * Who changed what in the admin area (prices, menu, administrators), with the values before and
 * after. The actor's e-mail is copied, so an entry still names them after their account is gone.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (t) => [index('audit_events_at_idx').on(t.at)],
);

/**
 * A booking site's calendar of one room (Booking.com, Airbnb, …), imported on a timer: each of its
 * events holds the room's nights (`room_holds`, kind 'import'). A failed import keeps the holds of
 * the last good one; the board shows the error and when it last worked.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    /** What staff call it: "Booking.com", "Airbnb". */
    name: text('name').notNull(),
    url: text('url').notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** The last import's failure in words staff can act on; empty after a success. */
    lastError: text('last_error').notNull().default(''),
    /** The same failure as a code the admin screens translate (feed.ts FeedErrorCode); empty after a success. */
    lastErrorCode: text('last_error_code').notNull().default(''),
    /** Of the last good import: events that hold nights, events skipped and why, and conflicts. */
    eventCount: integer('event_count').notNull().default(0),
    skipped: jsonb('skipped').$type<{ uid: string; reason: CalendarSkipReason }[]>().notNull().default([]),
    conflicts: jsonb('conflicts').$type<CalendarConflict[]>().notNull().default([]),
    /** Conflicts of the last good import beyond those kept in `conflicts` (import.ts CONFLICTS_KEPT): counted, not listed. */
    conflictsOmitted: integer('conflicts_omitted').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('calendar_feeds_room_idx').on(t.roomId), uniqueIndex('calendar_feeds_room_url_idx').on(t.roomId, t.url)],
);

export const roomHoldKindEnum = pgEnum('room_hold_kind', ['reservation', 'block', 'import']);

/**
 * Every stretch of nights a room is taken: live reservations (kept here by the trigger
 * `reservations_hold`, migration 0008), blocks staff set for repairs, and events imported from a
 * booking site's calendar. The exclusion constraint `room_holds_no_overlap` makes a night
 * unsellable twice whatever holds it; availability reads this table. Every change is announced on
 * the `room_holds` channel (LISTEN/NOTIFY) with the rooms it touched.
 */
export const roomHolds = pgTable(
  'room_holds',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    stay: dateRange('stay').notNull(),
    kind: roomHoldKindEnum('kind').notNull(),
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'cascade' }),
    feedId: integer('feed_id').references(() => calendarFeeds.id, { onDelete: 'cascade' }),
    /** The imported event's UID within its feed. */
    uid: text('uid'),
    /** Why the room is blocked (staff's words, or the imported event's summary). Never a guest's name. */
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('room_holds_room_idx').on(t.roomId),
    uniqueIndex('room_holds_reservation_idx').on(t.reservationId),
    uniqueIndex('room_holds_feed_uid_idx').on(t.feedId, t.uid),
    check('room_holds_stay_nonempty', sql`NOT isempty(${t.stay})`),
    check(
      'room_holds_kind_matches',
      sql`(${t.kind} = 'reservation' AND ${t.reservationId} IS NOT NULL AND ${t.feedId} IS NULL)
        OR (${t.kind} = 'block' AND ${t.reservationId} IS NULL AND ${t.feedId} IS NULL)
        OR (${t.kind} = 'import' AND ${t.reservationId} IS NULL AND ${t.feedId} IS NOT NULL AND ${t.uid} IS NOT NULL)`,
    ),
  ],
);

// ─── Restaurant tables (docs/decisions/039-table-reservations.md) ──────────────────────────────

export const tableStatusEnum = pgEnum('table_status', TABLE_STATUSES);
export const tableSourceEnum = pgEnum('table_source', TABLE_SOURCES);

/** The restaurant's one row of settings staff change: covers laid at once, and whether a booking is confirmed at once. */
export const restaurantSettings = pgTable(
  'restaurant_settings',
  {
    id: integer('id').primaryKey().default(1),
    covers: integer('covers').notNull().default(TABLE_COVERS_DEFAULT),
    autoConfirm: boolean('auto_confirm').notNull().default(false),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('restaurant_settings_one_row', sql`${t.id} = 1`), check('restaurant_settings_covers_positive', sql`${t.covers} > 0`)],
);

/**
 * One row per day that has tables: a booking, a move or a walk-in locks its day's row
 * (SELECT … FOR UPDATE) before it counts the seats taken, so two bookings of one evening are
 * counted one after the other and the covers are never exceeded.
 */
export const tableDays = pgTable('table_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
});

/** A table at the restaurant: booked on the site, taken by phone, or a guest at the door. */
export const tableReservations = pgTable(
  'table_reservations',
  {
    id: serial('id').primaryKey(),
    /** The signed-in guest who booked it; null for an anonymous guest and for staff's entries. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** The start, in minutes after midnight on the hotel's clock. */
    startMinute: integer('start_minute').notNull(),
    party: integer('party').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    /** Where the letters go; null when staff took a table without one. */
    email: text('email'),
    wishes: text('wishes').notNull().default(''),
    status: tableStatusEnum('status').notNull().default('requested'),
    source: tableSourceEnum('source').notNull().default('site'),
    /** The language of the letters. */
    language: languageEnum('language').notNull().default('ru'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * When the guest proved the address is theirs: at booking for staff's entries and activated
     * accounts, by the link in the short letter for everyone else; null until then.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** Until when a table whose address is not confirmed holds its seats (TABLE_UNCONFIRMED_HOLD_MINUTES). */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** SHA-256 of the confirmation link's secret; the secret itself is only in the letter. */
    confirmTokenHash: text('confirm_token_hash'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('table_reservations_day_idx').on(t.day, t.startMinute),
    uniqueIndex('table_reservations_confirm_token_idx').on(t.confirmTokenHash),
    index('table_reservations_user_idx').on(t.userId),
    check('table_reservations_party', sql`${t.party} BETWEEN 1 AND ${sql.raw(String(TABLE_PARTY_MAX))}`),
    check('table_reservations_start', sql`${t.startMinute} BETWEEN 0 AND 1439 AND ${t.startMinute} % 15 = 0`),
  ],
);

/**
 * Anonymous bookings per client address and per e-mail per hotel day (the caps of
 * docs/decisions/048-table-confirmation.md): one row per key and day, raised in the booking's
 * transaction by an upsert, so racing bookings count one after the other. The key is a SHA-256,
 * not the address itself.
 */
export const tableBookingCounts = pgTable(
  'table_booking_counts',
  {
    keyHash: text('key_hash').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyHash, t.day] })],
);

// ─── Mail (apps/api/src/mail) ───────────────────────────────────────────────────────────────────

/**
 * Letters per recipient per hotel day (MAIL_PER_RECIPIENT_PER_DAY): counted in the database so
 * that every instance shares the count. The recipient is kept as a SHA-256 of the address.
 */
export const mailRecipientDays = pgTable(
  'mail_recipient_days',
  {
    recipientHash: text('recipient_hash').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.recipientHash, t.day] })],
);

// ─── Reviews (docs/decisions/038-reviews.md) ────────────────────────────────────────────────────

export const reviewKindEnum = pgEnum('review_kind', REVIEW_KINDS);
export const reviewStateEnum = pgEnum('review_state', REVIEW_STATES);

/**
 * Guests' reviews of a finished stay or a delivered order (modules/reviews): one per stay or order,
 * only the guest's own (the unique indexes and the service's checks). The text is kept as written,
 * with the language it was written in; the owner's answer likewise.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: reviewKindEnum('kind').notNull(),
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    text: text('text').notNull(),
    language: languageEnum('language').notNull(),
    state: reviewStateEnum('state').notNull().default('pending'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_reservation_key').on(t.reservationId),
    uniqueIndex('reviews_order_key').on(t.orderId),
    index('reviews_shown_idx').on(t.kind, t.createdAt).where(sql`${t.state} = 'approved'`),
    check('reviews_stars_range', sql`${t.stars} BETWEEN 1 AND 5`),
    check(
      'reviews_one_subject',
      sql`(${t.kind} = 'stay' AND ${t.reservationId} IS NOT NULL AND ${t.orderId} IS NULL) OR (${t.kind} = 'order' AND ${t.orderId} IS NOT NULL AND ${t.reservationId} IS NULL)`,
    ),
  ],
);

/**
 * The letters asking for a review, one per stay or order: the row is taken before the letter goes
 * (ON CONFLICT DO NOTHING), so no stay or order is asked about twice, and given back if the letter
 * could not be sent, so the next round tries again.
 */
export const reviewRequests = pgTable(
  'review_requests',
  {
    kind: reviewKindEnum('kind').notNull(),
    /** The reservation's or the order's id. */
    subjectId: integer('subject_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId] })],
);
/**
 * Prices by date (issue 23; decision 040): a room's price (and extra-place price) for the nights
 * `first_night`..`last_night` (inclusive) on the chosen ISO weekdays (1 Monday … 7 Sunday). Where
 * rules overlap the newest (highest id) wins. Part of the `rooms` data family: its trigger
 * announces every change there, so the rooms in memory, the kept searches and pages follow.
 */
export const roomPriceRules = pgTable(
  'room_price_rules',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    firstNight: date('first_night', { mode: 'string' }).notNull(),
    lastNight: date('last_night', { mode: 'string' }).notNull(),
    weekdays: integer('weekdays').array().notNull(),
    price: integer('price').notNull(),
    extraPrice: integer('extra_price'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('room_price_rules_room_idx').on(t.roomId),
    check('room_price_rules_range', sql`${t.lastNight} >= ${t.firstNight}`),
    check('room_price_rules_price_positive', sql`${t.price} > 0 AND (${t.extraPrice} IS NULL OR ${t.extraPrice} > 0)`),
    check('room_price_rules_weekdays', sql`cardinality(${t.weekdays}) BETWEEN 1 AND 7 AND ${t.weekdays} <@ ARRAY[1,2,3,4,5,6,7]`),
  ],
);

/**
 * Stay rules (issue 23; decision 040): for arrivals (and, closed to departure, departures) on the
 * days `first_night`..`last_night` on the chosen weekdays, a minimum of nights, or no arrival, or no
 * departure. The newest rule covering a day wins. Part of the `rooms` data family, as above.
 */
export const roomStayRules = pgTable(
  'room_stay_rules',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    firstNight: date('first_night', { mode: 'string' }).notNull(),
    lastNight: date('last_night', { mode: 'string' }).notNull(),
    weekdays: integer('weekdays').array().notNull(),
    minNights: integer('min_nights'),
    closedToArrival: boolean('closed_to_arrival').notNull().default(false),
    closedToDeparture: boolean('closed_to_departure').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('room_stay_rules_room_idx').on(t.roomId),
    check('room_stay_rules_range', sql`${t.lastNight} >= ${t.firstNight}`),
    check('room_stay_rules_min_nights', sql`${t.minNights} IS NULL OR ${t.minNights} > 0`),
    check('room_stay_rules_weekdays', sql`cardinality(${t.weekdays}) BETWEEN 1 AND 7 AND ${t.weekdays} <@ ARRAY[1,2,3,4,5,6,7]`),
  ],
);

/**
 * Extras with the stay (issue 23, point 5; decision 044): breakfast, a transfer, a late check-out,
 * parking. `counts` says how the price is taken (rules/extras.ts); `room_ids` null offers it in
 * every room. Staff deactivate an extra rather than delete it: bookings keep their lines anyway.
 */
export const stayExtraCountEnum = pgEnum('stay_extra_count', EXTRA_COUNTS);
export const stayExtras = pgTable(
  'stay_extras',
  {
    id: serial('id').primaryKey(),
    name: localized('name'),
    description: localized('description'),
    price: integer('price').notNull(),
    counts: stayExtraCountEnum('counts').notNull(),
    image: jsonb('image').$type<StoredImage | null>(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The rooms that offer it; null: every room. */
    roomIds: integer('room_ids').array(),
    createdAt: createdAt(),
  },
  (t) => [check('stay_extras_price_positive', sql`${t.price} > 0`)],
);

/**
 * The extras a reservation took, priced at booking: the names, the unit price and the total are
 * kept as they were, whatever staff change later. Their sum is part of `reservations.price`, never
 * of the first-night fee.
 */
export const reservationExtras = pgTable(
  'reservation_extras',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    extraId: integer('extra_id').references(() => stayExtras.id, { onDelete: 'set null' }),
    name: localized('name'),
    counts: stayExtraCountEnum('counts').notNull(),
    quantity: integer('quantity').notNull(),
    /** The nights the price is taken for; 1 for a per-stay or per-trip extra. */
    times: integer('times').notNull(),
    unitPrice: integer('unit_price').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [
    index('reservation_extras_reservation_idx').on(t.reservationId),
    check('reservation_extras_amounts', sql`${t.quantity} > 0 AND ${t.times} > 0 AND ${t.unitPrice} > 0 AND ${t.total} = ${t.unitPrice} * ${t.quantity} * ${t.times}`),
  ],
);

/**
 * Promo codes (issue 23, point 4; decision 043): kept in upper case, so a guest's code matches
 * whatever its case. `value` is a percentage (1 to 100) or kopecks, by `kind`.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    value: integer('value').notNull(),
    scope: text('scope', { enum: ['rooms', 'delivery', 'both'] }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    stayFrom: date('stay_from', { mode: 'string' }),
    stayTo: date('stay_to', { mode: 'string' }),
    minAmount: integer('min_amount').notNull().default(0),
    maxUses: integer('max_uses'),
    maxUsesPerGuest: integer('max_uses_per_guest'),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_key').on(t.code),
    check('promo_codes_upper', sql`${t.code} = upper(${t.code})`),
    check('promo_codes_kind', sql`${t.kind} IN ('percent', 'fixed')`),
    check('promo_codes_scope', sql`${t.scope} IN ('rooms', 'delivery', 'both')`),
    check('promo_codes_value', sql`${t.value} > 0 AND (${t.kind} = 'fixed' OR ${t.value} <= 100)`),
    check('promo_codes_valid_range', sql`${t.validTo} IS NULL OR ${t.validFrom} IS NULL OR ${t.validTo} >= ${t.validFrom}`),
    check('promo_codes_stay_range', sql`${t.stayTo} IS NULL OR ${t.stayFrom} IS NULL OR ${t.stayTo} >= ${t.stayFrom}`),
    check('promo_codes_limits', sql`${t.minAmount} >= 0 AND (${t.maxUses} IS NULL OR ${t.maxUses} > 0) AND (${t.maxUsesPerGuest} IS NULL OR ${t.maxUsesPerGuest} > 0)`),
  ],
);

/**
 * A use of a promo code by a booking or an order. A cancelled one gives its use back
 * (`released_at`); the limits count the uses not released.
 */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    id: serial('id').primaryKey(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    discount: integer('discount').notNull(),
    createdAt: createdAt(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    index('promo_code_uses_code_idx').on(t.promoCodeId).where(sql`${t.releasedAt} IS NULL`),
    index('promo_code_uses_reservation_idx').on(t.reservationId),
    index('promo_code_uses_order_idx').on(t.orderId),
    check('promo_code_uses_one_subject', sql`(${t.reservationId} IS NULL) <> (${t.orderId} IS NULL)`),
    check('promo_code_uses_discount', sql`${t.discount} >= 0`),
  ],
);

/**
 * The guests a promo code has been valid for: a check of theirs priced it, or they used it. Only
 * they hear why it is refused now; anyone else hears the one answer for every code they cannot
 * use, so a guess learns nothing (issue 42, point 11; decision 043). Filled from the uses made
 * before it existed by migration 0024.
 */
export const promoCodeHolders = pgTable(
  'promo_code_holders',
  {
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.userId] })],
);

/**
 * Promo code guesses of one account (`user:<id>`) or one client address (`address:<ip>`): every
 * check takes one before the code is looked at, a usable code gives it back; past the free ones
 * each next guess waits until `blocked_until` (decision 043). In the database, so that every
 * instance and every concurrent request counts against one figure.
 */
export const promoGuesses = pgTable(
  'promo_guesses',
  {
    key: text('key').primaryKey(),
    guesses: integer('guesses').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [check('promo_guesses_count', sql`${t.guesses} >= 0`)],
);

// A module's own tables (they point at users above, hence the cycle).
// eslint-disable-next-line import-x/no-cycle
export * from '../modules/notices/tables';
