/**
 * The server's configuration, read from the environment once at start-up and validated with zod.
 * Every variable is listed, with its embedded default, in `.env.example` at the repository root.
 */
import path from 'node:path';
import { z } from 'zod';
import { parseAllowedNetworks } from './modules/calendars/feed-address';
import { repoRoot } from './paths';

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Public origin of the site, used in links of e-mails, absolute image URLs and social sign-in
   * redirects; required in production, because a request's Host header is never trusted for them.
   * https turns HSTS on.
   */
  PUBLIC_URL: z.url().optional(),
  /** Folder for the embedded database, uploads and the mail outbox. */
  DATA_DIR: z
    .string()
    .min(1)
    .default('var')
    .transform((dir) => path.resolve(repoRoot, dir)),
  /** PostgreSQL server; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  /**
   * Pictures in an S3-compatible bucket shared by every instance (storage/s3.ts); unset: on disk
   * under DATA_DIR/uploads. The bucket must exist.
   */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** Another service than Amazon's S3, e.g. http://minio:9000. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Keys of the bucket's user; unset: the SDK's own chain (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The bucket in the path rather than the host name (MinIO and most S3-compatible services). */
  S3_FORCE_PATH_STYLE: booleanString.default(false),
  /**
   * A folder of resized pictures shared by every server of this machine, each copy named by its
   * original's content hash, width and format (storage/index.ts): servers started again and again on
   * fresh data folders with the same pictures (the end-to-end tests) encode each copy once. Unset:
   * each storage keeps its own copies, as a site needs.
   */
  IMAGE_CACHE_DIR: z.string().min(1).optional(),
  /** SMTP server for outgoing mail, e.g. smtp://user:pass@host:587; unset: the outbox under DATA_DIR/mail. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  /** Sender of outgoing mail. */
  MAIL_FROM: z.string().min(3).default('House 1799 <hello@house1799.by>'),
  /** Value of the client token header every API call must carry. */
  CLIENT_TOKEN: z.string().min(8).default('house1799-web'),
  /** Load the demo content when the database has no rooms yet. */
  SEED_DEMO: booleanString.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per minute one client may make to the API. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /**
   * How many reverse proxies in front of the server append to X-Forwarded-For: the client is the
   * address that many hops from the right, which no client can forge. 0 or false: the
   * connection's own address; true: 1. Rate limits count per client address.
   */
  TRUST_PROXY: z
    .union([z.enum(['true', 'false']).transform((value) => (value === 'true' ? 1 : 0)), z.coerce.number().int().min(0).max(10)])
    .default(0),
  /**
   * The embedded database runs one statement at a time (in a thread of its own): when this many wait
   * for it, an API call that needs it is answered 503 with Retry-After at once instead of queueing
   * towards a time-out. Unused with DATABASE_URL.
   */
  PGLITE_QUEUE_LIMIT: z.coerce.number().int().positive().default(256),
  /**
   * Embedded database only: API calls that use it at once; the next ones wait their turn in line
   * (first come, first served), at most PGLITE_QUEUE_WAIT_MS, then are answered 503 with Retry-After.
   */
  PGLITE_CONCURRENT_CALLS: z.coerce.number().int().positive().max(1000).default(4),
  PGLITE_QUEUE_WAIT_MS: z.coerce.number().int().positive().max(60_000).default(2000),
  /**
   * How often every room's booking-site calendars (Booking.com, Airbnb, …) are imported, in
   * minutes; 0 turns the timer off (staff can still import from the board).
   */
  CALENDAR_SYNC_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
  /** How long an import waits for a booking site's calendar before it counts as failed. */
  CALENDAR_FEED_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(15),
  /**
   * Private networks booking-site calendars may be read from, for a channel manager on the hotel's
   * own network: a comma-separated list of addresses and networks ("192.168.10.0/24, fd00::/8").
   * Unset: only public addresses; loopback, private and link-local ones are refused
   * (docs/decisions/024-calendar-feed-addresses.md).
   */
  CALENDAR_FEED_ALLOW_PRIVATE: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parseAllowedNetworks(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  /**
   * Live order streams (Server-Sent Events) held open at once: from one client address (a hotel
   * lobby shares one), and on this instance in all. Each is an open connection and a listener.
   */
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().positive().default(64),
  LIVE_STREAMS_MAX: z.coerce.number().int().positive().default(2000),
  /**
   * On SIGTERM, how long requests in flight may take to finish before their connections are cut
   * and the process exits (below the orchestrator's own limit: `docker stop` waits 10 s).
   */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(300).default(8),
  /**
   * On SIGTERM, how long the server goes on serving with readiness already 503, before it closes its
   * socket: long enough for the balancer to see readiness fail and stop sending it connections
   * (Kubernetes: the readiness probe's period times its failure threshold). 0: close at once, for a
   * balancer that takes the instance out before the signal (docker compose, a systemd unit).
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(120).default(0),
  /**
   * Turns on GET /metrics (Prometheus' text format), which then asks for
   * `Authorization: Bearer <METRICS_TOKEN>`; unset: no such route.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Searches for free rooms per minute one client may make (each costs the database more than a read). */
  SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Requests per minute one client (IP) may make to each sign-in, sign-up, code and password route. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /**
   * Promo codes one account, and one client address, may try without a wait: checks, bookings and
   * orders with a code that cannot be used count; past them each next one waits twice as long, from
   * 2 s up to 15 minutes; an hour without any starts afresh (decision 043). An address is shared by
   * every guest on the hotel's own network, so it gets more.
   */
  PROMO_GUESSES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  PROMO_GUESSES_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  /**
   * Letters one address may receive per hotel day; later ones are not sent and are logged. Sign-in,
   * activation and password codes are always sent (docs/decisions/048-table-confirmation.md).
   */
  MAIL_PER_RECIPIENT_PER_DAY: z.coerce.number().int().positive().default(30),
  /** Minutes a table booked with an unconfirmed e-mail holds its seats before the link is followed. */
  TABLE_UNCONFIRMED_HOLD_MINUTES: z.coerce.number().int().positive().max(1440).default(30),
  /** Tables with an unconfirmed e-mail one client address may book per hotel day. */
  TABLE_BOOKINGS_PER_ADDRESS_PER_DAY: z.coerce.number().int().positive().default(10),
  /** Tables with an unconfirmed e-mail one e-mail address may be given for per hotel day. */
  TABLE_BOOKINGS_PER_EMAIL_PER_DAY: z.coerce.number().int().positive().default(3),
  /**
   * Key that signs the short-lived social sign-in cookie (state and PKCE verifier). Unset: a random
   * key per process, fine for one instance; set it when several instances share a load balancer.
   */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Google sign-in (OpenID Connect); the button shows only when both are set. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  /** Yandex ID sign-in (OAuth 2.0 and login.yandex.ru/info); the button shows only when both are set. */
  YANDEX_CLIENT_ID: z.string().min(1).optional(),
  YANDEX_CLIENT_SECRET: z.string().min(1).optional(),
  YANDEX_AUTHORIZE_URL: z.url().default('https://oauth.yandex.ru/authorize'),
  YANDEX_TOKEN_URL: z.url().default('https://oauth.yandex.ru/token'),
  YANDEX_INFO_URL: z.url().default('https://login.yandex.ru/info'),
  /**
   * Card payments: the built-in sandbox with its own page (no money moves), or bePaid. Required in
   * production (checkServerEnv), so that a deploy never takes orders on the sandbox by mistake;
   * elsewhere the sandbox is the default.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'bepaid']).optional(),
  /**
   * Take delivery orders at any hour, not only within the kitchen's (11:00–22:00, hotel time): for
   * tests and demonstrations at night. Staff closing ordering for the day still holds.
   */
  ORDERS_ANY_HOUR: booleanString.default(false),
  /**
   * How costly password and code hashes are: `standard` (argon2id, 19 MiB, 2 passes) for the site;
   * `fast-for-tests` (argon2's least) only for test runs, and refused unless the server listens on
   * loopback only (HOST) and PUBLIC_URL is on loopback, so a public site cannot run with it.
   */
  PASSWORD_HASHING: z.enum(['standard', 'fast-for-tests']).default('standard'),
  /** How often payments left pending are settled by asking the provider (seconds; 0: never). */
  PAYMENT_SETTLE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  /** How often the letters asking for a review of a finished stay or a delivered order go out (seconds; 0: never). */
  REVIEW_LETTERS_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(600),
  /** How often the online check-in's reminders go out and expired document data is erased (seconds; 0: never; decision 055). */
  CHECK_IN_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(900),
  /**
   * The hotel's Telegram bot, from @BotFather: staff who link their chat get notices there too
   * (docs/decisions/053-staff-notices.md). Unset: no Telegram, e-mail only.
   */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'must be a bot token as @BotFather gives it, 123456:ABC…')
    .optional(),
  /** The Bot API's address (a stand-in's in tests). */
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  /** How often staff notices that are due (after quiet hours, retries) are sent (seconds; 0: only as they happen). */
  NOTICES_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(30),
  /** bePaid: the shop's id and secret key (HTTP Basic both ways) and RSA public key (notifications). */
  BEPAID_SHOP_ID: z.string().min(1).optional(),
  BEPAID_SECRET_KEY: z.string().min(1).optional(),
  BEPAID_PUBLIC_KEY: z.string().min(32, 'must be the RSA public key from the bePaid back office').optional(),
  BEPAID_CHECKOUT_URL: z.url().default('https://checkout.bepaid.by'),
  BEPAID_GATEWAY_URL: z.url().default('https://gateway.bepaid.by'),
  /** Mark bePaid transactions as test ones (the shop's test mode). */
  BEPAID_TEST: booleanString.default(false),
  /** bePaid's ERIP API (`POST /beyag/payments`, `GET /beyag/payments/{uid}`). */
  BEPAID_ERIP_URL: z.url().default('https://api.bepaid.by'),
  /** The hotel's service number in ERIP, as bePaid's back office shows it (sent as `service_no`). */
  ERIP_SERVICE_NO: z.coerce.number().int().min(1).default(99999999),
  /** Where the hotel's service sits in ERIP's tree, between «Расчёт (ЕРИП)» and the bill's number (→ between the steps). */
  ERIP_SERVICE_PATH: z.string().trim().min(1).max(200).default('Гостиничные услуги → Минск → Дом 1799'),
  /** A non-refundable stay may be paid by ERIP when it starts more than this many days after booking (decision 058). */
  ERIP_MIN_DAYS_AHEAD: z.coerce.number().int().min(0).max(365).default(3),
  /** How long an ERIP bill may be paid, in hours: a stay's room is held until then (decision 058). */
  ERIP_BILL_HOURS: z.coerce.number().int().min(1).max(240).default(48),
}).superRefine((env, ctx) => {
  if (env.PAYMENT_PROVIDER !== 'bepaid') return;
  for (const name of ['BEPAID_SHOP_ID', 'BEPAID_SECRET_KEY', 'BEPAID_PUBLIC_KEY'] as const) {
    if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when PAYMENT_PROVIDER is bepaid' });
  }
});

export type Env = z.infer<typeof envSchema>;

/**
 * What the web server needs besides a valid environment (command-line tools do not): in
 * production, the public origin, because a request's Host header is never trusted for links.
 */
export function checkServerEnv(env: Env): Env {
  const problems: string[] = [];
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    problems.push(
      "PUBLIC_URL: is required in production: the site's public origin, e.g. https://house1799.by " +
        '(npm start sets http://localhost:PORT when it is unset)',
    );
  }
  if (env.NODE_ENV === 'production' && !env.PAYMENT_PROVIDER) {
    problems.push(
      'PAYMENT_PROVIDER: is required in production: bepaid to take real payments, or sandbox for a try-out in which no money moves ' +
        '(npm start sets sandbox when it is unset, and says so)',
    );
  }
  // npm start fills in PUBLIC_URL=http://localhost:PORT, so the address the server listens on decides too.
  if (env.PASSWORD_HASHING === 'fast-for-tests' && !(isLoopbackHost(env.HOST) && onLoopback(env.PUBLIC_URL))) {
    problems.push(
      `PASSWORD_HASHING: fast-for-tests is for test runs on loopback only; HOST must be 127.0.0.1, localhost or ::1 (it is ${env.HOST}) ` +
        'and PUBLIC_URL http://127.0.0.1, localhost or [::1]',
    );
  }
  if (problems.length > 0) throw new Error(`Invalid environment:\n${problems.map((line) => `  ${line}`).join('\n')}\nSee .env.example for every variable.`);
  return env;
}

/** An address only this machine reaches: 0.0.0.0 and :: listen on every interface. */
function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

function onLoopback(publicUrl: string | undefined): boolean {
  return publicUrl !== undefined && isLoopbackHost(new URL(publicUrl).hostname);
}

/** The payment provider in use: the one named, or the sandbox outside production (checkServerEnv). */
export function paymentProviderOf(env: Env): 'sandbox' | 'bepaid' {
  return env.PAYMENT_PROVIDER ?? 'sandbox';
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable in .env means "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid environment:\n${problems}\nSee .env.example for every variable.`);
  }
  return parsed.data;
}

/**
 * The origin absolute URLs are built on: PUBLIC_URL, or in development and tests the local
 * server. Never a request's Host header, which the client writes.
 */
export function siteOrigin(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

export function databaseConfig(env: Env) {
  return env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL }
    : { pgliteDir: path.join(env.DATA_DIR, 'db') };
}
