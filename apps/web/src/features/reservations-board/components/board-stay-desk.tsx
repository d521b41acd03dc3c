/**
 * The front desk's side of a stay opened from the board (issue 45, points 2 and 3): how and by whom
 * it was booked, its guarantee, the rooms it spends its nights in, and the changes staff make to
 * it: an early departure, an extension, a room change from a given night.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { addDays, hotelToday, roomChangeSchema, stayExtendSchema, stayShortenSchema, type BoardRoom, type StaffReservation } from '@hotel/domain';
import { formatStayDate } from '../../../shared/format/dates';
import { Form } from '../../../shared/forms/form';
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

/** The three changes, each a small form checked by its route's schema; a refusal says why in the screen's language. */
export function DeskChanges({ stay, rooms }: { stay: StaffReservation; rooms: BoardRoom[] }) {
  const { t } = useTranslation(['reservations-board', 'hotel', 'common']);
  const { language } = useLanguage();
  const change = useStayChange();
  const today = hotelToday();
  const firstChangeable = today > stay.arrival ? today : addDays(stay.arrival, 1);
  const others = rooms.filter((room) => room.id !== stay.room.id && room.primary_capacity + room.extra_capacity >= stay.guest_count);
  const [refusal, setRefusal] = useState<Refusal>(null);
  const { actions } = stay.desk;
  if (!actions.shorten && !actions.extend && !actions.change_room) return null;

  const run = async (body: Parameters<typeof change.mutateAsync>[0], done: string) => {
    try {
      await change.mutateAsync(body);
      toast.success(done);
    } catch (error) {
      setRefusal({ detail: deskRefusal(error, language) ?? t('reservations-board:actionError'), conflicts: conflictsOf(error) });
    }
  };
  const date = (iso: string) => formatStayDate(iso, language);
  // A new try at any of the three clears the last refusal, whether or not its fields pass.
  const clearRefusal = () => setRefusal(null);

  return (
    <section className={styles.deskChanges} aria-label={t('reservations-board:desk.section')} data-testid="desk-changes">
      {actions.shorten && (
        <Form
          schema={stayShortenSchema}
          options={{ defaultValues: { departure: firstChangeable < stay.departure ? firstChangeable : stay.departure } }}
          className={styles.deskChange}
          onSubmit={({ departure }) => run({ id: stay.id, kind: 'shorten', departure }, t('reservations-board:desk.shortened', { date: date(departure) }))}
          onSubmitCapture={clearRefusal}
        >
          {(form, error) => (
            <>
              <h3>{t('reservations-board:desk.shorten')}</h3>
              <Input type="date" label={t('reservations-board:desk.shortenDate')} min={firstChangeable} max={addDays(stay.departure, -1)} error={error('departure')} {...form.register('departure')} />
              <p className={styles.muted}>{t('reservations-board:desk.shortenNote')}</p>
              <Button type="submit" variant="outline" loading={change.isPending && change.variables?.kind === 'shorten'}>
                {t('reservations-board:desk.shortenSubmit')}
              </Button>
            </>
          )}
        </Form>
      )}
      {actions.extend && (
        <Form
          schema={stayExtendSchema}
          options={{ defaultValues: { departure: addDays(stay.departure, 1) } }}
          className={styles.deskChange}
          onSubmit={({ departure }) => run({ id: stay.id, kind: 'extend', departure }, t('reservations-board:desk.extended', { date: date(departure) }))}
          onSubmitCapture={clearRefusal}
          data-testid="desk-extend"
        >
          {(form, error) => (
            <>
              <h3>{t('reservations-board:desk.extend')}</h3>
              <Input
                type="date"
                label={t('reservations-board:desk.extendDate')}
                min={addDays(stay.departure, 1)}
                error={error('departure')}
                {...form.register('departure')}
                data-testid="desk-extend-date"
              />
              <Button type="submit" variant="outline" loading={change.isPending && change.variables?.kind === 'extend'} data-testid="desk-extend-submit">
                {t('reservations-board:desk.extendSubmit')}
              </Button>
            </>
          )}
        </Form>
      )}
      {actions.change_room && others.length > 0 && (
        <Form
          schema={roomChangeSchema}
          options={{ defaultValues: { from: firstChangeable, room_id: others[0]!.id } }}
          className={styles.deskChange}
          onSubmit={({ room_id, from }) => run({ id: stay.id, kind: 'room', room_id, from }, t('reservations-board:desk.changed'))}
          onSubmitCapture={clearRefusal}
        >
          {(form, error) => (
            <>
              <h3>{t('reservations-board:desk.changeRoom')}</h3>
              <Input type="date" label={t('reservations-board:desk.changeFrom')} min={firstChangeable} max={addDays(stay.departure, -1)} error={error('from')} {...form.register('from')} />
              <Select
                label={t('reservations-board:desk.changeRoomTo')}
                error={error('room_id')}
                options={others.map((room) => ({ value: String(room.id), label: room.name[language] }))}
                {...form.register('room_id', { valueAsNumber: true })}
              />
              <p className={styles.muted}>{t('reservations-board:desk.changeNote')}</p>
              <Button type="submit" variant="outline" loading={change.isPending && change.variables?.kind === 'room'}>
                {t('reservations-board:desk.changeSubmit')}
              </Button>
            </>
          )}
        </Form>
      )}
      {refusal && (
        <div style={{ gridColumn: '1 / -1' }}>
          <ConflictMessage conflicts={refusal.conflicts} fallback={refusal.detail} />
        </div>
      )}
    </section>
  );
}
