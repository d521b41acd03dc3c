/**
 * /admin/housekeeping (issue 45, point 7): today's rooms in the order to clean them, made for a
 * phone in a maid's hand: one card per room, one tap per state. Out of order asks why and for which
 * nights (they are closed for sale); any other state opens them again. Live on every open screen.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, ROOM_STATES, type HousekeepingRoom, type Language, type RoomState } from '@hotel/domain';
import { formatStayDate } from '../../../shared/format/dates';
import { Button, Input, Modal, Skeleton, toast } from '../../../shared/ui';
import { useHousekeeping, useLiveFrontDesk, useSetRoomState } from '../api/front-desk';
import { refusalText } from './desk-day';
import styles from './front-desk.module.css';

export function HousekeepingList() {
  const { t, i18n } = useTranslation(['desk', 'common']);
  const language: Language = i18n.language === 'en' ? 'en' : 'ru';
  const list = useHousekeeping();
  useLiveFrontDesk();
  const setState = useSetRoomState();
  const [closing, setClosing] = useState<HousekeepingRoom | null>(null);

  function set(room: HousekeepingRoom, state: Exclude<RoomState, 'out_of_order'>) {
    setState.mutate(
      { roomId: room.room_id, change: { state } },
      {
        onSuccess: () => toast.success(t('desk:housekeeping.saved', { room: room.name[language], state: t(`desk:roomState.${state}`) })),
        onError: (error) => toast.error(refusalText(error, t, t('desk:error.save'))),
      },
    );
  }

  if (list.isPending) return <Skeleton height="12rem" />;
  if (list.isError) {
    return (
      <div className={styles.retry} role="alert">
        <p className={styles.muted}>{t('desk:error.load')}</p>
        <Button variant="outline" onClick={() => void list.refetch()}>
          {t('desk:error.retry')}
        </Button>
      </div>
    );
  }

  return (
    <>
      <p className={styles.today}>{t('desk:today', { date: formatStayDate(list.data.today, language) })}</p>
      <ul className={styles.rooms}>
        {list.data.rooms.map((room) => {
          const name = room.name[language];
          const busy = setState.isPending && setState.variables?.roomId === room.room_id;
          return (
            <li key={room.room_id} className={styles.card} data-testid={`housekeeping-room-${room.room_id}`} data-state={room.state}>
              <div className={styles.cardHead}>
                <h2 className={styles.cardTitle}>{name}</h2>
                <span className={styles.badge} data-tone={room.state === 'clean' || room.state === 'inspected' ? 'ok' : 'warn'}>
                  {t(`desk:roomState.${room.state}`)}
                </span>
              </div>
              <ul className={styles.badges}>
                {room.departure && <li className={styles.badge}>{t('desk:housekeeping.flags.departure')}</li>}
                {room.stay && <li className={styles.badge}>{t('desk:housekeeping.flags.stay')}</li>}
                {room.arrival && (
                  <li className={styles.badge} data-tone="warn">
                    {t('desk:housekeeping.flags.arrival')}
                  </li>
                )}
                {!room.departure && !room.stay && !room.occupied && <li className={styles.badge}>{t('desk:housekeeping.flags.vacant')}</li>}
              </ul>
              {room.out_of_order && (
                <p className={styles.muted}>{t('desk:housekeeping.outOfOrder.until', { reason: room.out_of_order.reason, date: formatStayDate(room.out_of_order.to, language) })}</p>
              )}
              <div className={styles.stateButtons} role="group" aria-label={t('desk:housekeeping.stateLabel', { room: name })}>
                {ROOM_STATES.map((state) => (
                  <button
                    key={state}
                    type="button"
                    className={styles.stateButton}
                    aria-pressed={room.state === state}
                    disabled={busy}
                    data-testid={`set-${state}`}
                    onClick={() => (state === 'out_of_order' ? setClosing(room) : room.state !== state && set(room, state))}
                  >
                    {t(`desk:housekeeping.set.${state}`)}
                  </button>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
      {closing && <OutOfOrderDialog room={closing} today={list.data.today} language={language} onClose={() => setClosing(null)} />}
    </>
  );
}

function OutOfOrderDialog({ room, today, language, onClose }: { room: HousekeepingRoom; today: string; language: Language; onClose: () => void }) {
  const { t } = useTranslation('desk');
  const setState = useSetRoomState();
  const [reason, setReason] = useState('');
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addDays(today, 1));
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t('common:validation.required'));
      return;
    }
    setState.mutate(
      { roomId: room.room_id, change: { state: 'out_of_order', reason: reason.trim(), from, to } },
      {
        onSuccess: () => {
          toast.success(t('desk:housekeeping.saved', { room: room.name[language], state: t('desk:roomState.out_of_order') }));
          onClose();
        },
        onError: (failure) => setError(refusalText(failure, t, t('desk:error.save'))),
      },
    );
  }

  return (
    <Modal open onOpenChange={(open) => !open && !setState.isPending && onClose()} title={t('desk:housekeeping.outOfOrder.title', { room: room.name[language] })} size="small">
      <form className={styles.form} onSubmit={submit} noValidate>
        <Input label={t('desk:housekeeping.outOfOrder.reason')} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} error={error ?? undefined} required />
        <Input type="date" label={t('desk:housekeeping.outOfOrder.from')} value={from} min={today} onChange={(e) => setFrom(e.target.value)} required />
        <Input type="date" label={t('desk:housekeeping.outOfOrder.to')} value={to} min={addDays(from, 1)} onChange={(e) => setTo(e.target.value)} required />
        <div className={styles.formActions}>
          <Button variant="clearly" onClick={onClose} disabled={setState.isPending}>
            {t('desk:housekeeping.outOfOrder.cancel')}
          </Button>
          <Button type="submit" loading={setState.isPending}>
            {t('desk:housekeeping.outOfOrder.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
