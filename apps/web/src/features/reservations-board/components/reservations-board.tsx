/**
 * The reservations board (/admin/reservations): today's arrivals and departures, then rooms down
 * and days across for two to five weeks, each stay a bar with the guest's name, blocks hatched
 * with their note, booking sites' events labelled by their calendar. A bar is a button: a click or
 * Enter opens the stay (or the block) in a dialog with the staff's actions. The period lives in
 * the address (?from=&weeks=), so a reload or a shared link shows the same weeks.
 */
import clsx from 'clsx';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n';
import { addDays, isIsoDate, type Board, type BoardMovement, type BoardRoom, type CalendarFeedStatus } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import { formatMoment, formatMonth, formatStayDate, formatWeekday } from '../../../shared/format/dates';
import { serverDetail } from '../../../shared/api/client';
import { Button, Select, Skeleton, Spinner, toast } from '../../../shared/ui';
import { useImportAllCalendars } from '../api/import-calendars';
import { useBoard } from '../api/reservations-board';
import { feedFailed, useFeedErrorText } from '../../../shared/admin/calendar-feed';
import { barPlacement, boardDays, weekStart } from '../lib/board-layout';
import type { BoardSelection as Selection } from '../lib/board-selection';
import { AdminIcon } from '../../../shared/admin/icons';
import { HoldDialog, NewBlockDialog } from './board-block-dialogs';
import { NewBookingDialog, type BookingStart } from './board-new-booking';
import { useTakenBy } from './board-parts';
import { StayDialog } from './board-stay-dialog';
import styles from './reservations-board.module.css';

const WEEK_CHOICES = [2, 3, 4, 5] as const;

/** The browser's calendar date: where the board opens before the server says the hotel's today. */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function usePeriod() {
  const [params, setParams] = useSearchParams();
  const fromParam = params.get('from');
  const weeksParam = Number(params.get('weeks'));
  const from = fromParam && isIsoDate(fromParam) ? fromParam : weekStart(localToday());
  const weeks = (WEEK_CHOICES as readonly number[]).includes(weeksParam) ? weeksParam : 2;
  const set = (next: { from?: string; weeks?: number }) =>
    setParams({ from: next.from ?? from, weeks: String(next.weeks ?? weeks) }, { replace: true, preventScrollReset: true });
  return { from, weeks, set };
}

/** What the route adds under a stay's details (the bill; issue 45): features do not import each other, the route composes them. */
export type StayExtra = (reservationId: number) => ReactNode;

export function ReservationsBoard({ stayExtra }: { stayExtra?: StayExtra } = {}) {
  const { t } = useTranslation(['reservations-board', 'common']);
  const { language } = useLanguage();
  const { from, weeks, set } = usePeriod();
  const days = weeks * 7;
  const board = useBoard(from, days);
  const [selected, setSelected] = useState<Selection | null>(null);
  const [blocking, setBlocking] = useState(false);
  const [booking, setBooking] = useState<BookingStart | null>(null);
  const importCalendars = useImportAllCalendars();
  const data = board.data;

  const importNow = async () => {
    try {
      await importCalendars.mutateAsync();
      // How each calendar went is on the board next to its room; this only says the run is over.
      toast.success(t('reservations-board:toolbar.imported'));
    } catch (error) {
      toast.error(serverDetail(error) ?? t('reservations-board:toolbar.importError'));
    }
  };

  return (
    <div>
      <div className={styles.toolbar} role="group" aria-label={t('reservations-board:toolbar.label')}>
        <div className={styles.period}>
          <Button variant="outline" size="sm" onClick={() => set({ from: addDays(from, -days) })} aria-label={t('reservations-board:toolbar.earlier')}>
            <AdminIcon name="left" size={18} />
          </Button>
          <Button variant="outline" size="sm" onClick={() => set({ from: weekStart(data?.today ?? localToday()) })}>
            {t('reservations-board:toolbar.today')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => set({ from: addDays(from, days) })} aria-label={t('reservations-board:toolbar.later')}>
            <AdminIcon name="right" size={18} />
          </Button>
          <p className={styles.periodText} data-testid="board-period" aria-live="polite">
            {t('reservations-board:toolbar.period', { from: formatStayDate(from, language), to: formatStayDate(addDays(from, days - 1), language) })}
          </p>
        </div>
        <div className={styles.period}>
          <Select
            label={t('reservations-board:toolbar.weeks')}
            containerClassName={styles.weeks}
            value={String(weeks)}
            onChange={(event) => set({ weeks: Number(event.target.value) })}
            options={WEEK_CHOICES.map((count) => ({ value: String(count), label: t('reservations-board:toolbar.weeksOption', { count }) }))}
          />
          <Button variant="outline" onClick={() => void importNow()} disabled={importCalendars.isPending} aria-busy={importCalendars.isPending || undefined} data-testid="board-import-calendars">
            {importCalendars.isPending ? <Spinner size="sm" decorative /> : <AdminIcon name="calendar" size={18} />}
            {importCalendars.isPending ? t('reservations-board:toolbar.importing') : t('reservations-board:toolbar.import')}
          </Button>
          <Button variant="outline" onClick={() => data && setBooking({ roomId: data.rooms[0]?.id ?? 0, arrival: data.today })} disabled={!data || data.rooms.length === 0} data-testid="board-new-booking">
            <AdminIcon name="plus" size={18} />
            {t('reservations-board:desk.newBooking')}
          </Button>
          <Button onClick={() => setBlocking(true)} disabled={!data}>
            <AdminIcon name="lock" size={18} />
            {t('reservations-board:toolbar.block')}
          </Button>
        </div>
      </div>

      {data && <TodayLists board={data} onOpen={(id) => setSelected({ kind: 'reservation', id })} />}

      {board.isError && !data && (
        <div role="alert">
          <p className={styles.conflict}>{serverDetail(board.error) ?? t('reservations-board:grid.loadError')}</p>
          <Button variant="outline" size="sm" onClick={() => void board.refetch()}>
            {t('reservations-board:grid.retry')}
          </Button>
        </div>
      )}
      {board.isPending && <BoardSkeleton />}
      {data && data.rooms.length === 0 && <p className={styles.muted}>{t('reservations-board:grid.noRooms')}</p>}
      {data && data.rooms.length > 0 && (
        <>
          {data.rooms.every((room) => room.holds.length === 0) && (
            <p className={styles.muted} data-testid="board-empty">
              {t('reservations-board:grid.empty')}
            </p>
          )}
          <BoardGrid board={data} language={language} onSelect={setSelected} onPick={setBooking} busy={board.isFetching} />
          <p className={styles.muted}>{t('reservations-board:desk.pickHint')}</p>
          <Legend />
        </>
      )}

      <StayDialog
        reservationId={selected?.kind === 'reservation' ? selected.id : null}
        rooms={data?.rooms ?? []}
        onClose={() => setSelected(null)}
        stayExtra={stayExtra}
      />
      <HoldDialog selection={selected?.kind === 'hold' ? selected : null} onClose={() => setSelected(null)} />
      <NewBlockDialog open={blocking} rooms={data?.rooms ?? []} onClose={() => setBlocking(false)} />
      <NewBookingDialog
        start={booking}
        rooms={data?.rooms ?? []}
        onClose={() => setBooking(null)}
        onBooked={(id) => {
          setBooking(null);
          setSelected({ kind: 'reservation', id });
        }}
      />
    </div>
  );
}

function TodayLists({ board, onOpen }: { board: Board; onOpen: (id: number) => void }) {
  const { t } = useTranslation('reservations-board');
  const { language } = useLanguage();
  const list = (title: string, empty: string, items: BoardMovement[], testId: string) => (
    <section className={styles.todayBox} data-testid={testId}>
      <h2 className={styles.todayTitle}>
        {title} <span className={styles.status}>{items.length}</span>
      </h2>
      {items.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <ul className={styles.todayList}>
          {items.map((item) => (
            <li key={item.reservation_id}>
              <button type="button" className={styles.todayItem} onClick={() => onOpen(item.reservation_id)}>
                {t('reservations-board:today.movement', {
                  guest: item.guest_name,
                  room: item.room_name[language],
                  nights: t('reservations-board:nights', { count: item.nights }),
                })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
  return (
    <div className={styles.today} aria-label={t('reservations-board:today.label')} role="region">
      {list(t('reservations-board:today.arrivals'), t('reservations-board:today.noArrivals'), board.arrivals, 'board-arrivals')}
      {list(t('reservations-board:today.departures'), t('reservations-board:today.noDepartures'), board.departures, 'board-departures')}
    </div>
  );
}


interface BoardGridProps {
  board: Board;
  language: 'ru' | 'en';
  busy: boolean;
  onSelect: (selection: Selection) => void;
  /** A free night of a room was picked: a new booking from it. */
  onPick: (start: BookingStart) => void;
}

function BoardGrid({ board, language, busy, onSelect, onPick }: BoardGridProps) {
  const { t } = useTranslation('reservations-board');
  const days = boardDays(board.from, board.days, board.today);
  const todayIndex = days.findIndex((day) => day.isToday);
  return (
    <div
      className={styles.scroller}
      // The scrolling region is reachable by keyboard, so it can be scrolled with the arrow keys.
      tabIndex={0}
      role="region"
      aria-label={t('reservations-board:grid.label')}
      aria-busy={busy || undefined}
      data-testid="reservations-board"
      style={{ '--days': board.days, '--today': todayIndex } as CSSProperties}
    >
      <div className={styles.grid}>
        <div className={styles.corner}>{t('reservations-board:grid.room')}</div>
        <ol className={styles.days} aria-hidden="true">
          {days.map((day) => (
            <li
              key={day.date}
              className={clsx(styles.day, (day.weekday === 0 || day.weekday === 6) && styles.weekend, day.isToday && styles.isToday)}
              data-today={day.isToday || undefined}
              data-testid={day.isToday ? 'board-today' : undefined}
            >
              {day.monthStart && <span className={styles.month}>{formatMonth(day.date, language)}</span>}
              <span>{formatWeekday(day.date, language)}</span>
              <span className={styles.dayNumber}>{day.dayOfMonth}</span>
            </li>
          ))}
        </ol>
        {board.rooms.map((room) => (
          <RoomRow key={room.id} room={room} board={board} language={language} showToday={todayIndex >= 0} onSelect={onSelect} onPick={onPick} />
        ))}
      </div>
    </div>
  );
}

function RoomRow({
  room,
  board,
  language,
  showToday,
  onSelect,
  onPick,
}: {
  room: BoardRoom;
  board: Board;
  language: 'ru' | 'en';
  showToday: boolean;
  onSelect: (selection: Selection) => void;
  onPick: (start: BookingStart) => void;
}) {
  const { t } = useTranslation('reservations-board');
  const failing = room.calendar_feeds.filter(feedFailed);
  const conflicted = room.calendar_feeds.filter((feed) => feed.conflicts.length > 0);
  const date = (iso: string) => formatStayDate(iso, language);
  return (
    <>
      <div className={styles.roomCell} data-testid="board-room" data-room-id={room.id}>
        <span className={styles.roomName}>
          <span>{room.name[language]}</span>
          <span className={styles.roomMeta}>{t('reservations-board:grid.capacity', { primary: room.primary_capacity, extra: room.extra_capacity })}</span>
        </span>
        {(failing.length > 0 || conflicted.length > 0) && <FeedWarning failing={failing} conflicted={conflicted} language={language} />}
      </div>
      <div
        className={styles.track}
        data-testid="board-track"
        data-room-id={room.id}
        // A click on a free night (not on a bar) starts a booking of this room from that night; the
        // toolbar's "New booking" does the same by keyboard.
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('button')) return;
          const box = event.currentTarget.getBoundingClientRect();
          const index = Math.floor(((event.clientX - box.left) / box.width) * board.days);
          const night = addDays(board.from, Math.min(Math.max(index, 0), board.days - 1));
          if (night >= board.today) onPick({ roomId: room.id, arrival: night });
        }}
      >
        {showToday && <span className={styles.todayColumn} aria-hidden="true" />}
        <ul className={styles.holds} aria-label={room.name[language]}>
          {room.holds.map((hold) => {
            const place = barPlacement(hold, board.from, board.days);
            if (!place) return null;
            const style = { '--start': place.start, '--length': place.length } as CSSProperties;
            const className = clsx(styles.bar, styles[hold.kind], place.before && styles.openStart, place.after && styles.openEnd);
            const range = { from: date(hold.arrival), to: date(hold.departure) };
            if (hold.kind === 'reservation') {
              const stayLabel = t('reservations-board:grid.reservation', { guest: hold.guest_name, nights: t('reservations-board:nights', { count: hold.nights }), ...range });
              // A guest still in the house after 12:00 on the departure day (issue 45): the desk's late check-out.
              const label = hold.late ? `${stayLabel} · ${t('reservations-board:status.late')}` : stayLabel;
              return (
                <li key={hold.id}>
                  <button
                    type="button"
                    className={className}
                    style={style}
                    data-status={hold.status}
                    data-stay-status={hold.stay_status}
                    data-late={hold.late || undefined}
                    data-kind="reservation"
                    data-testid="board-bar"
                    data-reservation-id={hold.reservation_id}
                    aria-label={label}
                    title={label}
                    onClick={() => onSelect({ kind: 'reservation', id: hold.reservation_id })}
                  >
                    <span>
                      {hold.late && <span aria-hidden="true">⏰ </span>}
                      {hold.guest_name}
                    </span>
                  </button>
                </li>
              );
            }
            const label =
              hold.kind === 'block'
                ? t('reservations-board:grid.block', { note: hold.note, ...range })
                : t('reservations-board:grid.import', { feed: hold.feed_name, note: hold.note || t('reservations-board:grid.imported'), ...range });
            return (
              <li key={hold.id}>
                <button
                  type="button"
                  className={className}
                  style={style}
                  data-kind={hold.kind}
                  data-testid="board-bar"
                  aria-label={label}
                  title={label}
                  onClick={() => onSelect({ kind: 'hold', hold, room })}
                >
                  {hold.kind === 'block' && <AdminIcon name="lock" size={14} />}
                  <span>{hold.kind === 'block' ? hold.note || t('reservations-board:grid.blocked') : hold.feed_name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}

/**
 * Booking sites' calendars of the room that need the staff: one whose last import failed (its
 * holds stay as the last good import left them), and one whose events land on nights something
 * here already holds, the same night sold twice. A badge next to the room, the details in its
 * disclosure; a failure is red, a double sale amber.
 */
function FeedWarning({ failing, conflicted, language }: { failing: CalendarFeedStatus[]; conflicted: CalendarFeedStatus[]; language: 'ru' | 'en' }) {
  const { t } = useTranslation('reservations-board');
  const errorText = useFeedErrorText();
  const takenBy = useTakenBy();
  const when = (iso: string) => formatMoment(iso, language);
  const date = (iso: string) => formatStayDate(iso, language);
  const label =
    failing.length > 0 && conflicted.length > 0
      ? t('reservations-board:feeds.bothWarning')
      : failing.length > 0
        ? t('reservations-board:feeds.warning')
        : t('reservations-board:feeds.conflictWarning');
  return (
    <details className={styles.feedBadge} data-tone={failing.length > 0 ? 'error' : 'conflict'} data-testid="calendar-feeds-status">
      <summary aria-label={label} title={label}>
        <AdminIcon name="warning" size={18} />
      </summary>
      <div className={styles.feedDetails} role="note" aria-label={label}>
        {failing.map((feed) => (
          <div key={feed.id} className={styles.feedProblem} data-testid="calendar-feed-failure">
            <p className={styles.feedProblemTitle}>{t('reservations-board:feeds.error', { feed: feed.name, error: errorText(feed) })}</p>
            <p className={styles.muted}>
              {feed.last_success_at ? t('reservations-board:feeds.lastSuccess', { when: when(feed.last_success_at) }) : t('reservations-board:feeds.never')}
            </p>
          </div>
        ))}
        {conflicted.map((feed) => [
          ...feed.conflicts.map((conflict) => (
            <p key={`${feed.id}-${conflict.uid}`} className={styles.feedConflict} data-testid="calendar-feed-conflict">
              {t('reservations-board:feeds.conflict', {
                feed: feed.name,
                dates: t('reservations-board:feeds.dates', { from: date(conflict.arrival), to: date(conflict.departure) }),
                by: conflict.holds.map(takenBy).join(', '),
              })}
            </p>
          )),
          feed.conflicts_omitted > 0 && (
            <p key={`${feed.id}-more`} className={styles.feedConflict} data-testid="calendar-feed-more-conflicts">
              {t('reservations-board:feeds.moreConflicts', { feed: feed.name, count: feed.conflicts_omitted })}
            </p>
          ),
        ])}
      </div>
    </details>
  );
}

function Legend() {
  const { t } = useTranslation('reservations-board');
  return (
    <ul className={styles.legend}>
      <li>
        <span className={clsx(styles.swatch, styles.reservation)} aria-hidden="true" />
        {t('reservations-board:status.reserved')}
      </li>
      <li>
        <span className={clsx(styles.swatch, styles.reservation)} data-status="active" aria-hidden="true" />
        {t('reservations-board:status.active')}
      </li>
      <li>
        <span className={clsx(styles.swatch, styles.block)} aria-hidden="true" />
        {t('reservations-board:grid.blocked')}
      </li>
      <li>
        <span className={clsx(styles.swatch, styles.import)} aria-hidden="true" />
        {t('reservations-board:grid.imported')}
      </li>
    </ul>
  );
}

function BoardSkeleton() {
  const { t } = useTranslation('reservations-board');
  return (
    <div className={styles.scroller} aria-busy="true">
      <p className={styles.muted} role="status" style={{ padding: '12px 12px 0' }}>
        <Spinner size="sm" decorative /> {t('reservations-board:grid.loading')}
      </p>
      <div className={styles.loadingRows}>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={36} />
        ))}
      </div>
    </div>
  );
}
