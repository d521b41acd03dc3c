/**
 * /admin/housekeeping (issue 45, point 7): today's rooms in the order to clean them, made for a
 * phone in a maid's hand: one card per room, one tap per state. Out of order asks why and for which
 * nights (they are closed for sale); any other state opens them again. Live on every open screen.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { addDays, OUT_OF_ORDER_REASON_MAX, outOfOrderSchema, ROOM_STATES, type HousekeepingRoom, type Language, type RoomState } from '@hotel/domain';
import type { z } from 'zod';
import { formatStayDate } from '../../../shared/format/dates';
import { Form } from '../../../shared/forms/form';
import { Button, Input, Modal, Skeleton, toast } from '../../../shared/ui';
import { useHousekeeping, useLiveFrontDesk, useSetRoomState } from '../api/front-desk';
import { refusalText } from './desk-day';
import styles from './front-desk.module.css';

export function HousekeepingList() {
  // The out-of-order dialog's refusals are the domain's keys from these namespaces: loaded with the
  // list, so opening the dialog never waits for texts.
  const { t, i18n } = useTranslation(['desk', 'common', 'hotel', 'admin', 'reservations-board']);
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
  const [refusal, setRefusal] = useState<string | null>(null);

  function submit(change: z.output<typeof outOfOrderSchema>) {
    setState.mutate(
      { roomId: room.room_id, change },
      {
        onSuccess: () => {
          toast.success(t('desk:housekeeping.saved', { room: room.name[language], state: t('desk:roomState.out_of_order') }));
          onClose();
        },
        onError: (failure) => setRefusal(refusalText(failure, t, t('desk:error.save'))),
      },
    );
  }

  return (
    <Modal open onOpenChange={(open) => !open && !setState.isPending && onClose()} title={t('desk:housekeeping.outOfOrder.title', { room: room.name[language] })} size="small">
      <Form
        schema={outOfOrderSchema}
        options={{ defaultValues: { state: 'out_of_order', reason: '', from: today, to: addDays(today, 1) } }}
        className={styles.form}
        onSubmit={submit}
        // A new try clears the last refusal, whether or not the fields pass.
        onSubmitCapture={() => setRefusal(null)}
        data-testid="out-of-order-form"
      >
        {(form, error) => (
          <>
            <Input label={t('desk:housekeeping.outOfOrder.reason')} maxLength={OUT_OF_ORDER_REASON_MAX} error={refusal ?? error('reason')} required {...form.register('reason')} />
            <Input type="date" label={t('desk:housekeeping.outOfOrder.from')} min={today} error={error('from')} required {...form.register('from')} />
            <Input type="date" label={t('desk:housekeeping.outOfOrder.to')} min={addDays(form.watch('from') || today, 1)} error={error('to')} required {...form.register('to')} />
            <div className={styles.formActions}>
              <Button variant="clearly" onClick={onClose} disabled={setState.isPending}>
                {t('desk:housekeeping.outOfOrder.cancel')}
              </Button>
              <Button type="submit" loading={setState.isPending}>
                {t('desk:housekeeping.outOfOrder.save')}
              </Button>
            </div>
          </>
        )}
      </Form>
    </Modal>
  );
}
