/**
 * /admin/desk (issue 45, point 8): today's arrivals, guests in the house and departures, each with
 * its one-tap action. A room that is not ready asks first (the server refuses without the
 * confirmation, 409 `desk:refused.notClean`). Each stay shows what its bill still asks and whether
 * the guest checked in online; a check-out with a balance due asks why the guest leaves with it. A
 * guest leaving before the booked day is refused (409 `desk:refused.stayNotOver`): the desk offers
 * to shorten the stay to the day the server names, then checks the guest out.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import type { DeskMoney, DeskStay, Language, RoomState } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
import { ConfirmDialog } from '../../../shared/admin/confirm-dialog';
import { formatHotelClock, formatStayDate } from '../../../shared/format/dates';
import { formatMoney } from '../../../shared/format/money';
import { Button, Skeleton, toast } from '../../../shared/ui';
import { useCheckIn, useCheckOut, useDeskDay, useLiveFrontDesk, useShortenStay } from '../api/front-desk';
import styles from './front-desk.module.css';

/** The refusal's own words in the page's language, by its `code`; else the server's detail. */
export function refusalText(error: unknown, t: (key: string) => string, fallback: string): string {
  if (error instanceof ApiError) {
    const code = (error.body as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string' && code.startsWith('desk:')) return t(code);
    return error.detail || fallback;
  }
  return fallback;
}

/** A guest leaving before the booked day: the stay ends on `departure`, the server shortens it to `shortenTo`. */
interface EarlyAsk {
  stay: DeskStay;
  departure: string;
  shortenTo: string;
}

interface NotCleanAsk {
  stay: DeskStay;
  state: RoomState;
}

export function DeskDay() {
  const { t, i18n } = useTranslation(['desk', 'admin']);
  const language: Language = i18n.language === 'en' ? 'en' : 'ru';
  const day = useDeskDay();
  useLiveFrontDesk();
  const checkIn = useCheckIn();
  const checkOut = useCheckOut();
  const shorten = useShortenStay();
  const [early, setEarly] = useState<EarlyAsk | null>(null);
  const [ask, setAsk] = useState<NotCleanAsk | null>(null);
  // A check-out refused for a balance still due asks why the guest leaves with it.
  const [owing, setOwing] = useState<DeskStay | null>(null);
  const [reason, setReason] = useState('');

  function doCheckIn(stay: DeskStay, confirmNotClean = false) {
    checkIn.mutate(
      { id: stay.reservation_id, confirmNotClean },
      {
        onSuccess: () => {
          setAsk(null);
          toast.success(t('desk:done.checkedIn', { guest: stay.guest_name }));
        },
        onError: (error) => {
          const body = error instanceof ApiError ? (error.body as { code?: string; room_state?: RoomState }) : undefined;
          if (body?.code === 'desk:refused.notClean' && body.room_state) {
            setAsk({ stay, state: body.room_state });
            return;
          }
          setAsk(null);
          toast.error(refusalText(error, t, t('desk:error.save')));
        },
      },
    );
  }

  function doCheckOut(stay: DeskStay, balanceReason?: string) {
    checkOut.mutate(
      { id: stay.reservation_id, ...(balanceReason ? { balanceReason } : {}) },
      {
        onSuccess: () => {
          setOwing(null);
          setReason('');
          toast.success(t('desk:done.checkedOut', { guest: stay.guest_name }));
        },
        onError: (error) => {
          const body = error instanceof ApiError ? (error.body as { code?: string; departure?: string; shorten_to?: string } | undefined) : undefined;
          const code = body?.code;
          if (code === 'desk:refused.stayNotOver' && body?.departure && body.shorten_to) {
            setEarly({ stay, departure: body.departure, shortenTo: body.shorten_to });
            return;
          }
          if (code === 'desk:refused.balanceDue' && !balanceReason) {
            setOwing(stay);
            return;
          }
          toast.error(refusalText(error, t, t('desk:error.save')));
        },
      },
    );
  }

  // Shortened to the day the server named, then the check-out as usual (which may still ask about a balance).
  function shortenAndCheckOut(ask: EarlyAsk) {
    shorten.mutate(
      { id: ask.stay.reservation_id, departure: ask.shortenTo },
      {
        onSuccess: () => {
          setEarly(null);
          doCheckOut(ask.stay);
        },
        onError: (error) => {
          setEarly(null);
          toast.error(refusalText(error, t, t('desk:error.save')));
        },
      },
    );
  }

  if (day.isPending) return <Skeleton height="12rem" />;
  if (day.isError) {
    return (
      <div className={styles.retry} role="alert">
        <p className={styles.muted}>{t('desk:error.load')}</p>
        <Button variant="outline" onClick={() => void day.refetch()}>
          {t('desk:error.retry')}
        </Button>
      </div>
    );
  }

  const busyId = checkIn.isPending ? checkIn.variables?.id : checkOut.isPending ? checkOut.variables?.id : undefined;
  // A guest checked in today is still listed among the arrivals, done: the check-out is in the other lists.
  const card = (stay: DeskStay, arrivals: boolean) => (
    <StayCard
      key={stay.reservation_id}
      stay={arrivals ? { ...stay, actions: { ...stay.actions, check_out: false } } : stay}
      language={language}
      busy={busyId === stay.reservation_id}
      disabled={checkIn.isPending || checkOut.isPending || shorten.isPending}
      onCheckIn={() => doCheckIn(stay)}
      onCheckOut={() => doCheckOut(stay)}
    />
  );
  const sections = [
    { key: 'arrivals', stays: day.data.arrivals },
    { key: 'inHouse', stays: day.data.in_house },
    { key: 'departures', stays: day.data.departures },
  ] as const;

  return (
    <>
      <p className={styles.today}>{t('desk:today', { date: formatStayDate(day.data.today, language) })}</p>
      <div className={styles.sections}>
        {sections.map((section) => (
          <section key={section.key} aria-labelledby={`desk-${section.key}`} data-testid={`desk-${section.key}`}>
            <h2 className={styles.sectionTitle} id={`desk-${section.key}`}>
              {t(`desk:sections.${section.key}`)} <span className={styles.count}>{section.stays.length}</span>
            </h2>
            {section.stays.length === 0 ? <p className={styles.empty}>{t(`desk:empty.${section.key}`)}</p> : <ul className={styles.cards}>{section.stays.map((stay) => card(stay, section.key === 'arrivals'))}</ul>}
          </section>
        ))}
      </div>
      {day.data.money && <MoneyBlock money={day.data.money} language={language} />}
      <ConfirmDialog
        open={ask !== null}
        title={t('desk:notClean.title')}
        confirmLabel={t('desk:notClean.confirm')}
        busy={checkIn.isPending}
        onClose={() => setAsk(null)}
        onConfirm={() => ask && doCheckIn(ask.stay, true)}
      >
        {ask && t('desk:notClean.body', { room: ask.stay.room.name[language], state: t(`desk:roomState.${ask.state}`), guest: ask.stay.guest_name })}
      </ConfirmDialog>
      <ConfirmDialog
        open={early !== null}
        title={t('desk:early.title')}
        confirmLabel={early ? t('desk:early.confirm', { date: formatStayDate(early.shortenTo, language) }) : ''}
        busy={shorten.isPending || checkOut.isPending}
        onClose={() => setEarly(null)}
        onConfirm={() => early && shortenAndCheckOut(early)}
      >
        {early &&
          t('desk:early.body', {
            guest: early.stay.guest_name,
            departure: formatStayDate(early.departure, language),
            date: formatStayDate(early.shortenTo, language),
          })}
      </ConfirmDialog>
      <ConfirmDialog
        open={owing !== null}
        title={t('desk:balanceDue.title')}
        confirmLabel={t('desk:balanceDue.confirm')}
        busy={checkOut.isPending}
        onClose={() => setOwing(null)}
        onConfirm={() => owing && reason.trim().length >= 3 && doCheckOut(owing, reason.trim())}
      >
        {owing && (
          <label className={styles.reason}>
            {t('desk:balanceDue.body', { guest: owing.guest_name })}
            <textarea value={reason} maxLength={500} rows={3} required minLength={3} onChange={(event) => setReason(event.target.value)} />
          </label>
        )}
      </ConfirmDialog>
    </>
  );
}

/** The day's money at the desk for the shift's hand-over: a count and a sum per method, what was given back, the corrections. */
export function MoneyBlock({ money, language }: { money: DeskMoney; language: Language }) {
  const { t } = useTranslation('desk');
  const amount = (kopecks: number) => formatMoney(kopecks, language, 'BYN');
  return (
    <section className={styles.money} aria-labelledby="desk-money" data-testid="desk-money">
      <h2 className={styles.sectionTitle} id="desk-money">
        {t('desk:money.title')}
      </h2>
      <p className={styles.muted}>{t('desk:money.lead')}</p>
      <table className={styles.moneyTable}>
        <thead>
          <tr>
            <th scope="col">{t('desk:money.method')}</th>
            <th scope="col">{t('desk:money.count')}</th>
            <th scope="col">{t('desk:money.total')}</th>
          </tr>
        </thead>
        <tbody>
          {money.methods.map((row) => (
            <tr key={row.method} data-testid={`desk-money-${row.method}`}>
              <th scope="row">{t(`desk:money.methods.${row.method}`)}</th>
              <td>{row.count}</td>
              <td>{amount(row.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="desk-money-taken">
            <th scope="row">{t('desk:money.taken')}</th>
            <td>{money.taken.count}</td>
            <td>{amount(money.taken.total)}</td>
          </tr>
          <tr data-testid="desk-money-refunds">
            <th scope="row">{t('desk:money.refunds')}</th>
            <td>{money.refunds.count}</td>
            <td>{money.refunds.total > 0 ? `−${amount(money.refunds.total)}` : amount(0)}</td>
          </tr>
          <tr className={styles.moneyNet} data-testid="desk-money-net">
            <th scope="row">{t('desk:money.net')}</th>
            <td />
            <td>{amount(money.net)}</td>
          </tr>
          <tr data-testid="desk-money-corrections">
            <th scope="row">{t('desk:money.corrections')}</th>
            <td>{money.corrections.count}</td>
            <td>{money.corrections.total < 0 ? `−${amount(-money.corrections.total)}` : amount(0)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

interface StayCardProps {
  stay: DeskStay;
  language: Language;
  busy: boolean;
  disabled: boolean;
  onCheckIn: () => void;
  onCheckOut: () => void;
}

function StayCard({ stay, language, busy, disabled, onCheckIn, onCheckOut }: StayCardProps) {
  const { t } = useTranslation('desk');
  const roomName = stay.room.name[language];
  const guarantee =
    stay.guarantee.kind === 'card'
      ? t('desk:guarantee.card', { last4: stay.guarantee.card_last4 })
      : stay.guarantee.kind === 'desk'
        ? t('desk:guarantee.desk', { reason: stay.guarantee.note })
        : t(`desk:guarantee.${stay.guarantee.kind}`);
  return (
    <li className={styles.card} data-late={stay.late || undefined} data-testid={`desk-stay-${stay.reservation_id}`}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>{stay.guest_name}</h3>
        <span className={styles.muted}>{roomName}</span>
      </div>
      <p className={styles.line}>
        {t('desk:stay.dates', { arrival: formatStayDate(stay.arrival, language), departure: formatStayDate(stay.departure, language) })} ·{' '}
        {t('desk:stay.nights', { count: stay.nights })} · {t('desk:stay.guests', { count: stay.guest_count })}
      </p>
      {stay.guest_phone && (
        <p className={styles.line}>
          <a href={`tel:${stay.guest_phone}`}>{stay.guest_phone}</a>
        </p>
      )}
      <ul className={styles.badges}>
        <li className={styles.badge} data-tone={stay.late ? 'warn' : stay.status === 'checked_in' ? 'ok' : undefined}>
          {stay.late ? t('desk:status.late') : t(`desk:status.${stay.status}`)}
        </li>
        {stay.status === 'booked' && (
          <li className={styles.badge} data-tone={stay.room.state === 'clean' || stay.room.state === 'inspected' ? 'ok' : 'warn'}>
            {t('desk:roomBadge', { state: t(`desk:roomState.${stay.room.state}`) })}
          </li>
        )}
        <li className={styles.badge} data-tone={stay.guarantee.kind === 'none' ? 'warn' : undefined} data-testid="guarantee">
          {guarantee}
        </li>
        {stay.status === 'booked' && stay.online_check_in.ready && (
          <li className={styles.badge} data-tone="ok" data-testid="online-check-in">
            {stay.online_check_in.arrival_time ? t('desk:onlineCheckIn.at', { time: stay.online_check_in.arrival_time }) : t('desk:onlineCheckIn.ready')}
          </li>
        )}
        {stay.balance > 0 && (
          <li className={styles.badge} data-tone={stay.status === 'booked' ? undefined : 'warn'} data-testid="balance-due">
            {t('desk:balance', { amount: formatMoney(stay.balance, language, 'BYN') })}
          </li>
        )}
      </ul>
      {stay.checked_in_at && stay.status === 'checked_in' && <p className={styles.muted}>{t('desk:stay.checkedInAt', { time: formatHotelClock(stay.checked_in_at, language) })}</p>}
      {stay.checked_out_at && <p className={styles.muted}>{t('desk:stay.checkedOutAt', { time: formatHotelClock(stay.checked_out_at, language) })}</p>}
      {(stay.actions.check_in || stay.actions.check_out) && (
        <div className={styles.actions}>
          {stay.actions.check_in && (
            <Button onClick={onCheckIn} loading={busy} disabled={disabled} data-testid="check-in">
              {t('desk:actions.checkIn')}
            </Button>
          )}
          {stay.actions.check_out && (
            <Button variant={stay.late ? 'primary' : 'outline'} onClick={onCheckOut} loading={busy} disabled={disabled} data-testid="check-out">
              {t('desk:actions.checkOut')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
