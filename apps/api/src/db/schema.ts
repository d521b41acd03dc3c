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
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@hotel/domain';

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
    createdAt: createdAt(),
  },
  (t) => [
    check('rooms_price_nonnegative', sql`${t.price} >= 0`),
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
    /** What a late cancellation costs (the first night), fixed when it is cancelled; 0 when free. */
    cancellationFee: integer('cancellation_fee'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reservations_user_idx').on(t.userId),
    check('reservations_stay_nonempty', sql`NOT isempty(${t.stay})`),
    check('reservations_guest_count_positive', sql`${t.guestCount} > 0`),
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

export const codePurposeEnum = pgEnum('code_purpose', ['activation', 'password_reset']);

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
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose)],
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
