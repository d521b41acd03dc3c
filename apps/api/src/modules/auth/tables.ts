/**
 * The auth module's tables: accounts, staff roles, sessions, codes, sign-in failures and linked
 * Google or Yandex accounts. Another module reads them through `auth`'s functions, never here.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '@hotel/domain';
import { createdAt, languageEnum } from '../../db/columns';

/**
 * Behaviour kept in SQL triggers on these tables (the test `test/platform/triggers-named.test.ts` fails on
 * a trigger of the database that its table's tables.ts does not name):
 * - `review_authors_notify` on `users` (0015_reviews.sql): a user's first or last name changed sends
 *   NOTIFY `reviews`, for the reviews module, whose pages name each review's author as now.
 */


export const genderEnum = pgEnum('gender', ['male', 'female']);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    isActive: boolean('is_active').notNull().default(false),
    /**
     * When the superuser deactivated this member of staff (issue 49): their staff roles and
     * sessions are gone and the account signs in no more. What a person may do is in staff_roles.
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
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
