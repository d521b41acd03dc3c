/**
 * The front desk's side of a stay opened from the board (issue 45, points 2 and 3): how and by whom
 * it was booked, its guarantee, the rooms it spends its nights in, and the changes staff make to
 * it: an early departure, an extension, a room change from a given night.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, hotelToday, type BoardRoom, type StaffReservation } from '@hotel/domain';
import { formatStayDate } from '../../../shared/format/dates';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Input, Select, toast } from '../../../shared/ui';
import { conflictsOf } from '../api/reservations-board';
import { deskRefusal, useStayChange } from '../api/front-desk';
import { ConflictMessage } from './board-parts';
import styles from './reservations-board.module.css';

/** Who booked and how, the guarantee and the rooms, as lines of the stay's details. */
export function DeskLines({ stay, rooms }: { stay: StaffReservation; rooms: BoardRoom[] }) {
  const { t } = useTranslation('reservations-board');
  const { language } = useLanguage();
  const date = (iso: string) => formatStayDate(iso, language);
  const roomName = (id: number) => rooms.find((room) => room.id === id)?.name[language] ?? `#${id}`;
  const { desk } = stay;
  const channel = t(`reservations-board:desk.channels.${desk.channel}`);
  return (
    <>
      <dt>{t('reservations-board:desk.channel')}</dt>
      <dd data-testid="stay-channel">{desk.booked_by ? t('reservations-board:desk.bookedOn', { channel, by: desk.booked_by }) : channel}</dd>
      {desk.guarantee && !(desk.guarantee === 'card' && stay.guarantee.card) && (
        <>
          <dt>{t('reservations-board:desk.guarantee')}</dt>
          <dd>
            {desk.guarantee_note
              ? t('reservations-board:desk.guaranteeNote', { kind: t(`reservations-board:desk.guarantees.${desk.guarantee}`), note: desk.guarantee_note })
              : t(`reservations-board:desk.guarantees.${desk.guarantee}`)}
          </dd>
        </>
      )}
      {desk.segments.length > 1 && (
        <>
          <dt>{t('reservations-board:desk.rooms')}</dt>
          <dd data-testid="stay-segments">
            {desk.segments.map((segment) => (
              <span key={segment.arrival} style={{ display: 'block' }}>
                {t('reservations-board:desk.segment', { room: roomName(segment.room_id), from: date(segment.arrival), to: date(segment.departure) })}
              </span>
            ))}
          </dd>
        </>
      )}
    </>
  );
}

type Refusal = { detail: string; conflicts: ReturnType<typeof conflictsOf> } | null;

/** The three changes, each a small form; a refusal says why in the screen's language. */
export function DeskChanges({ stay, rooms }: { stay: StaffReservation; rooms: BoardRoom[] }) {
  const { t } = useTranslation(['reservations-board', 'common']);
  const { language } = useLanguage();
  const change = useStayChange();
  const today = hotelToday();
  const firstChangeable = today > stay.arrival ? today : addDays(stay.arrival, 1);
  const [shortenTo, setShortenTo] = useState(firstChangeable < stay.departure ? firstChangeable : stay.departure);
  const [extendTo, setExtendTo] = useState(addDays(stay.departure, 1));
  const [from, setFrom] = useState(firstChangeable);
  const others = rooms.filter((room) => room.id !== stay.room.id && room.primary_capacity + room.extra_capacity >= stay.guest_count);
  const [roomId, setRoomId] = useState(others[0]?.id ?? 0);
  const [refusal, setRefusal] = useState<Refusal>(null);
  const { actions } = stay.desk;
  if (!actions.shorten && !actions.extend && !actions.change_room) return null;

  const run = async (event: FormEvent, body: Parameters<typeof change.mutateAsync>[0], done: string) => {
    event.preventDefault();
    setRefusal(null);
    try {
      await change.mutateAsync(body);
      toast.success(done);
    } catch (error) {
      setRefusal({ detail: deskRefusal(error, language) ?? t('reservations-board:actionError'), conflicts: conflictsOf(error) });
    }
  };
  const date = (iso: string) => formatStayDate(iso, language);

  return (
    <section className={styles.deskChanges} aria-label={t('reservations-board:desk.section')} data-testid="desk-changes">
      {actions.shorten && (
        <form className={styles.deskChange} onSubmit={(event) => void run(event, { id: stay.id, kind: 'shorten', departure: shortenTo }, t('reservations-board:desk.shortened', { date: date(shortenTo) }))}>
          <h3>{t('reservations-board:desk.shorten')}</h3>
          <Input type="date" label={t('reservations-board:desk.shortenDate')} value={shortenTo} min={firstChangeable} max={addDays(stay.departure, -1)} onChange={(event) => setShortenTo(event.target.value)} />
          <p className={styles.muted}>{t('reservations-board:desk.shortenNote')}</p>
          <Button type="submit" variant="outline" loading={change.isPending && change.variables?.kind === 'shorten'}>
            {t('reservations-board:desk.shortenSubmit')}
          </Button>
        </form>
      )}
      {actions.extend && (
        <form className={styles.deskChange} onSubmit={(event) => void run(event, { id: stay.id, kind: 'extend', departure: extendTo }, t('reservations-board:desk.extended', { date: date(extendTo) }))} data-testid="desk-extend">
          <h3>{t('reservations-board:desk.extend')}</h3>
          <Input type="date" label={t('reservations-board:desk.extendDate')} value={extendTo} min={addDays(stay.departure, 1)} onChange={(event) => setExtendTo(event.target.value)} data-testid="desk-extend-date" />
          <Button type="submit" variant="outline" loading={change.isPending && change.variables?.kind === 'extend'} data-testid="desk-extend-submit">
            {t('reservations-board:desk.extendSubmit')}
          </Button>
        </form>
      )}
      {actions.change_room && others.length > 0 && (
        <form className={styles.deskChange} onSubmit={(event) => void run(event, { id: stay.id, kind: 'room', room_id: roomId, from }, t('reservations-board:desk.changed'))}>
          <h3>{t('reservations-board:desk.changeRoom')}</h3>
          <Input type="date" label={t('reservations-board:desk.changeFrom')} value={from} min={firstChangeable} max={addDays(stay.departure, -1)} onChange={(event) => setFrom(event.target.value)} />
          <Select
            label={t('reservations-board:desk.changeRoomTo')}
            value={String(roomId)}
            onChange={(event) => setRoomId(Number(event.target.value))}
            options={others.map((room) => ({ value: String(room.id), label: room.name[language] }))}
          />
          <p className={styles.muted}>{t('reservations-board:desk.changeNote')}</p>
          <Button type="submit" variant="outline" loading={change.isPending && change.variables?.kind === 'room'}>
            {t('reservations-board:desk.changeSubmit')}
          </Button>
        </form>
      )}
      {refusal && (
        <div style={{ gridColumn: '1 / -1' }}>
          <ConflictMessage conflicts={refusal.conflicts} fallback={refusal.detail} />
        </div>
      )}
    </section>
  );
}
