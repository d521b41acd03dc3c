/** Business constants of the hotel, restaurant and delivery (spec section 9). */

export const HOTEL_ROOM_COUNT = 8;
export const HOTEL_TIME_ZONE = 'Europe/Minsk';
export const CHECK_IN_TIME = '14:00';
export const CHECK_OUT_TIME = '12:00';
export const QUIET_HOURS = { from: '23:00', to: '07:00' } as const;
/** Cancellation is free until this many hours before arrival; later, the first night is due. */
export const FREE_CANCELLATION_HOURS = 24;

/**
 * The delivery fee until staff set their own in the kitchen's delivery settings, in kopecks
 * (139 BYN, the spec's figure; issue 48, point 13).
 */
export const DELIVERY_FEE_KOPECKS = 139_00;
export const DELIVERY_PROMISE_MINUTES = 60;

export const CODE_LENGTH = 6;
export const CODE_RESEND_SECONDS = 59;
export const CODE_TTL_MINUTES = 15;
export const CODE_MAX_ATTEMPTS = 5;
/**
 * Limits per account and purpose over the last 24 hours, across codes (a new code does not restore
 * them): codes mailed, and wrong codes entered. From the fourth code on, each waits twice as long
 * as the one before (59 s, 59 s, 59 s, 2 min, 4 min, …).
 */
export const CODES_PER_DAY = 10;
export const CODE_FAILURES_PER_DAY = 20;
export const CODE_FREE_RESENDS = 3;
/** How long the token a confirmed reset code answers may set the new password. */
export const RESET_TOKEN_TTL_MINUTES = 15;

/**
 * One rule for every new password (sign-up, reset, change): the registration rule. The server
 * signs in with any password that exists (`login`); the sign-in form keeps the spec's 8 (AUTH-08),
 * which every password made under the rule passes.
 */
export const PASSWORD_MIN = { login: 1, loginForm: 8, registration: 12 } as const;
export const PASSWORD_MAX = 128;
export const NAME_MIN = 2;
export const PHONE_MIN = 10;

/** The longest stay one booking may be, and how far ahead its arrival may be. */
export const MAX_STAY_NIGHTS = 30;
export const BOOKING_HORIZON_DAYS = 365;
export const PAYMENT_POLL_MS = 2_000;
export const COPY_TOOLTIP_MS = 1_000;
export const CATALOGUE_SEARCH_MIN = 3;
export const CATALOGUE_SEARCH_DEBOUNCE_MS = 300;
export const CART_SAVE_THROTTLE_MS = 1_000;
export const CONVENIENCES_STALE_SECONDS = 300;

export const HEADER_SCROLLED_PX = 40;
export const HEADER_SEARCH_PX = 90;
export const DIVIDER_FOLLOW_PX = 100;
export const MOBILE_BREAKPOINT_PX = 768;
export const RESTAURANT_BREAKPOINT_PX = 800;
export const MODAL_CLOSE_MS = 300;
export const TOAST_DURATION_MS = 2_000;
export const HERO_AUTOPLAY_MS = 4_000;
export const HERO_FADE_MS = 300;
export const HOTEL_PREVIEW_AUTOPLAY_MS = 5_000;

/** The year the house's company started trading: the footer's copyright runs from it to this year. */
export const COPYRIGHT_FROM_YEAR = 2023;

/** "2023-2026": from COPYRIGHT_FROM_YEAR to the year it is now in Grodno (the hotel's clock). */
export function copyrightYears(now: Date = new Date()): string {
  // Every time zone is within 14 hours of UTC, so away from the turn of the year Grodno's year is
  // UTC's. Intl is asked only near it: its first time-zone formatter loads the zone data, some
  // 50 ms of a slow phone's first visit, spent while the footer hydrates.
  const nearTurn = (now.getUTCMonth() === 11 && now.getUTCDate() === 31) || (now.getUTCMonth() === 0 && now.getUTCDate() === 1);
  const year = nearTurn ? Number(new Intl.DateTimeFormat('en', { timeZone: HOTEL_TIME_ZONE, year: 'numeric' }).format(now)) : now.getUTCFullYear();
  return year > COPYRIGHT_FROM_YEAR ? `${COPYRIGHT_FROM_YEAR}-${year}` : String(COPYRIGHT_FROM_YEAR);
}

export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';
export const LANGUAGE_STORAGE_KEY = 'language';
/**
 * The query parameter that asks for a page in a language (`?lang=en`): the language switch's link,
 * for a tap without scripts; the server draws the page in it and keeps the choice in the cookie,
 * public/boot.js in local storage (apps/api/src/plugins/web-app.ts).
 */
export const LANGUAGE_QUERY = 'lang';
export const CART_STORAGE_KEY = 'cartState';

/** Every API call carries this header; its value is the client token (see docs/api.md). */
export const CLIENT_TOKEN_HEADER = 'x-client-token';
export const API_PREFIX = '/api/v1';

/** Why an import failed (admin.json `calendar.errors.*`). */
export const CALENDAR_FEED_ERROR_CODES = ['timeout', 'unreachable', 'http_status', 'too_large', 'not_calendar', 'too_many_events'] as const;
export type CalendarFeedErrorCode = (typeof CALENDAR_FEED_ERROR_CODES)[number];
/** Why an event of a good feed holds no nights (admin.json `calendar.skipped.*`). */
export const CALENDAR_SKIP_REASONS = ['no_dates', 'bad_dates', 'recurring', 'duplicate', 'too_far'] as const;
export type CalendarSkipReason = (typeof CALENDAR_SKIP_REASONS)[number];
