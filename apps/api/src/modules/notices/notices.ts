/**
 * Staff are told, by role (issue 49, point 5; docs/decisions/053-staff-notices.md). A module that
 * has committed something staff must know of calls `tellStaff` once: it returns at once, and in
 * the background the notice is stored with one delivery per active holder of the role and channel
 * they chose, due now or at the end of their quiet hours. The deliveries are then sent by this
 * instance at once and by the notices' timer (retries, quiet hours over, another instance's
 * notices), each claimed before it is sent, so each goes out once. Nothing here can fail or slow
 * the request that caused it. A notice carries facts, never a guest's name, card or document: the
 * link opens the screen, behind staff sign-in, where the rest is.
 */
import { formatByn, hotelClock, NOTICE_ROLE, PAGE_PATHS, type Language, type NoticeKind, type QuietHours } from '@hotel/domain';
import type { Db } from '../../db/client';
import { siteOrigin, type Env } from '../../env';
import { textsIn } from '../../i18n';
import type { Mailer } from '../../mail/mailer';
import { renderLetter } from '../../mail/templates/layout';
import {
  activeHoldersOf,
  claimDueDeliveries,
  deliveryContext,
  finishDelivery,
  insertDeliveries,
  insertNotice,
  rolesOf,
  type DeliveryContext,
  type DeliveryRow,
  type NoticeChannel,
} from './repository';
import type { NoticeFacts } from './tables';
import type { TelegramBot } from './telegram';

export type { NoticeFacts } from './tables';

/** Where a notice that could not be stored is reported (any module's logger). */
interface WarnLog {
  warn(object: unknown, message: string): void;
}

interface LogLike extends WarnLog {
  error(object: unknown, message: string): void;
}

/** Tries of one delivery before it is left as failed; the n-th waits 2^n minutes after the one before. */
export const NOTICE_MAX_ATTEMPTS = 5;
/** A claimed delivery not finished by then (the instance died) is taken again. */
const LEASE_MS = 5 * 60_000;
const BATCH = 20;

/** The screen each notice links to. */
const SCREENS: Record<NoticeKind, string> = {
  booking: PAGE_PATHS.admin.reservations,
  cancellation: PAGE_PATHS.admin.reservations,
  table: PAGE_PATHS.admin.restaurant,
  calendar_conflict: PAGE_PATHS.admin.reservations,
  order: PAGE_PATHS.admin.orders,
  refund_failed: PAGE_PATHS.admin.payments,
  late_payment: PAGE_PATHS.admin.payments,
};

/** Where each person chooses their channels and quiet hours. */
export const NOTICE_SETTINGS_PATH = PAGE_PATHS.account.notices;

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * When quiet hours that hold at `now` end (hotel time; they may run past midnight), or null when
 * `now` is outside them. Notices in quiet hours are not dropped: they wait until then.
 */
export function quietUntil(now: Date, hours: QuietHours | null): Date | null {
  if (!hours) return null;
  const at = minutesOf(hotelClock(now));
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  const quiet = from < to ? at >= from && at < to : at >= from || at < to;
  if (!quiet) return null;
  const wait = (to - at + 1440) % 1440;
  const start = new Date(now);
  start.setUTCSeconds(0, 0);
  return new Date(start.getTime() + wait * 60_000);
}

/** The work each database's notices have under way, so that tests (and shutdown) can wait for it. */
const underWay = new WeakMap<Db, Set<Promise<unknown>>>();
/** Each database's dispatcher on this instance, woken when a notice was stored. */
const wakers = new WeakMap<Db, () => void>();

function track(db: Db, work: Promise<unknown>) {
  let set = underWay.get(db);
  if (!set) underWay.set(db, (set = new Set()));
  set.add(work);
  void work.finally(() => set.delete(work));
}

/** Waits until the notices told so far on `db` are stored and the sends they woke are done. */
export async function noticesSettled(db: Db): Promise<void> {
  for (;;) {
    const set = underWay.get(db);
    if (!set || set.size === 0) return;
    await Promise.allSettled([...set]);
  }
}

/**
 * Tells the staff whose role `kind` concerns: call it after the change was committed. It never
 * throws and never waits: storing the notice happens in the background, a failure is logged.
 */
export function tellStaff(db: Db, kind: NoticeKind, facts: NoticeFacts, log?: WarnLog, now: Date = new Date()): void {
  const work = storeNotice(db, kind, facts, now).then(
    (stored) => {
      if (stored) wakers.get(db)?.();
    },
    (error: unknown) => log?.warn({ err: error, kind }, 'staff notice not stored'),
  );
  track(db, work);
}

async function storeNotice(db: Db, kind: NoticeKind, facts: NoticeFacts, now: Date): Promise<boolean> {
  const holders = await activeHoldersOf(db, NOTICE_ROLE[kind]);
  const rows: { userId: number; channel: NoticeChannel; dueAt: Date }[] = [];
  for (const person of holders) {
    const hours = person.quietFrom && person.quietTo ? { from: person.quietFrom, to: person.quietTo } : null;
    const dueAt = quietUntil(now, hours) ?? now;
    if (person.email ?? true) rows.push({ userId: person.userId, channel: 'email', dueAt });
    if ((person.telegram ?? true) && person.telegramChatId) rows.push({ userId: person.userId, channel: 'telegram', dueAt });
  }
  if (rows.length === 0) return false;
  await db.transaction(async (tx) => {
    const noticeId = await insertNotice(tx, kind, facts, now);
    await insertDeliveries(tx, rows.map((row) => ({ ...row, noticeId })));
  });
  return true;
}

export interface NoticeContent {
  subject: string;
  heading: string;
  lead: string;
  link: { label: string; url: string };
  settingsUrl: string;
}

const dayOf = (date: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** A notice's words in `language`: only the facts stored with it, and the screen's link. */
export function noticeContent(kind: NoticeKind, facts: NoticeFacts, language: Language, origin: string): NoticeContent {
  const t = textsIn(language);
  const locale = t('dateLocale');
  const source = facts.source === 'site' || facts.source === 'staff' || facts.source === 'guest' ? t(`notice.source.${facts.source}`) : (facts.source ?? '');
  const values = {
    id: facts.id ?? '',
    room: facts.room?.[language] ?? '',
    arrival: facts.arrival ? dayOf(facts.arrival, locale) : '',
    departure: facts.departure ? dayOf(facts.departure, locale) : '',
    people: facts.people ?? '',
    date: facts.date && /^\d{4}-\d{2}-\d{2}$/.test(facts.date) ? dayOf(facts.date, locale) : '',
    time: facts.time ?? '',
    amount: facts.amount === undefined ? '' : `${formatByn(facts.amount, language)} BYN`,
    bill: facts.bill ?? '',
    when: kind === 'order' ? (facts.date ? t('notice.at', { time: hotelClock(new Date(facts.date)) }) : t('notice.asap')) : '',
    source,
  };
  return {
    subject: t(`notice.subject.${kind}`, values),
    heading: t('notice.heading', { role: t(`notice.role.${NOTICE_ROLE[kind]}`) }),
    lead: t(`notice.lead.${kind}`, values),
    link: { label: t(`notice.open.${kind}`), url: `${origin}${SCREENS[kind]}` },
    settingsUrl: `${origin}${NOTICE_SETTINGS_PATH}`,
  };
}

/** The Telegram message of a notice: plain text, the link last. */
export function telegramText(content: NoticeContent): string {
  return `${content.subject}\n\n${content.lead}\n\n${content.link.label}: ${content.link.url}`;
}

export interface NoticeDispatcher {
  /** Sends what is due now (or by `now`); answers how many went out. */
  sendDue(now?: Date): Promise<number>;
  /** Starts a round, after the one under way if any. */
  wake(): void;
  stop(): void;
}

interface DispatchDeps {
  db: Db;
  env: Env;
  mailer: Mailer;
  bot: TelegramBot | null;
  log: LogLike;
}

export function noticeDispatcher(deps: DispatchDeps): NoticeDispatcher {
  const { db, log } = deps;
  let running: Promise<number> | null = null;
  let stopped = false;

  const sendOne = async (delivery: DeliveryRow, now: Date): Promise<boolean> => {
    const context = await deliveryContext(db, delivery);
    const refusal = context ? await whyNot(context, delivery) : 'the notice is gone';
    if (refusal) {
      await finishDelivery(db, delivery.id, { status: 'failed', lastError: refusal });
      return false;
    }
    const content = noticeContent(context!.kind, context!.facts, context!.language, siteOrigin(deps.env));
    try {
      if (delivery.channel === 'email') {
        const t = textsIn(context!.language);
        const letter = renderLetter({
          language: context!.language,
          subject: content.subject,
          heading: content.heading,
          lead: [content.lead],
          link: content.link,
          after: [t('notice.why', { url: content.settingsUrl })],
        });
        await deps.mailer.send({ to: context!.email, ...letter });
      } else {
        await deps.bot!.sendMessage(context!.settings!.telegramChatId!, telegramText(content));
      }
      await finishDelivery(db, delivery.id, { status: 'sent', sentAt: new Date() });
      return true;
    } catch (error) {
      const last = delivery.attempts >= NOTICE_MAX_ATTEMPTS;
      const message = (error instanceof Error ? error.message : 'failed').slice(0, 300);
      log.warn({ deliveryId: delivery.id, channel: delivery.channel, attempts: delivery.attempts, message }, last ? 'staff notice not sent: given up' : 'staff notice not sent: will try again');
      await finishDelivery(db, delivery.id, {
        status: last ? 'failed' : 'pending',
        lastError: message,
        dueAt: new Date(now.getTime() + 2 ** delivery.attempts * 60_000),
      });
      return false;
    }
  };

  /** Why a delivery may no longer go: the person left, lost the role, turned the channel off, unlinked the chat. */
  const whyNot = async (context: DeliveryContext, delivery: DeliveryRow): Promise<string | null> => {
    if (!context.isActive) return 'the account is not active';
    if (!(await rolesOf(db, delivery.userId)).includes(NOTICE_ROLE[context.kind])) return 'the role is no longer held';
    if (delivery.channel === 'email') return context.settings?.email === false ? 'e-mail turned off' : null;
    if (context.settings?.telegram === false) return 'Telegram turned off';
    if (!context.settings?.telegramChatId) return 'no Telegram chat linked';
    if (!deps.bot) return 'no Telegram bot configured';
    return null;
  };

  const round = async (now: Date): Promise<number> => {
    let sent = 0;
    for (;;) {
      const claimed = await claimDueDeliveries(db, now, new Date(now.getTime() + LEASE_MS), BATCH);
      for (const delivery of claimed) if (await sendOne(delivery, now)) sent += 1;
      if (claimed.length < BATCH) return sent;
    }
  };

  const dispatcher: NoticeDispatcher = {
    async sendDue(now) {
      // One round at a time on this instance; claims keep instances apart.
      while (running) await running.catch(() => 0);
      running = round(now ?? new Date());
      try {
        return await running;
      } finally {
        running = null;
      }
    },
    wake() {
      if (stopped) return;
      // After the round under way, if any: it may have claimed before this notice was stored.
      track(db, dispatcher.sendDue().catch((error: unknown) => log.error({ err: error }, 'staff notices not sent')));
    },
    stop() {
      stopped = true;
      wakers.delete(db);
    },
  };
  wakers.set(db, () => dispatcher.wake());
  return dispatcher;
}
