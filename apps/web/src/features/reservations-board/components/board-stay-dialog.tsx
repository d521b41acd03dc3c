/**
 * A stay opened from the reservations board: the guest, how to reach them, the stay and its price,
 * and the staff's actions (cancel for the guest, no-show, move) as the server allows them now.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import type { z } from 'zod';
import { type BoardRoom, personName, reservationMoveSchema, type RoomConflict, type StaffReservation } from '@hotel/domain';
import { serverDetail } from '../../../shared/api/client';
import { formatStayDate } from '../../../shared/format/dates';
import { Form } from '../../../shared/forms/form';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, ExtraLines, Input, Modal, PriceBreakdown, Select, Spinner, toast } from '../../../shared/ui';
import { conflictsOf, useCancelStay, useMarkNoShow, useMoveStay, useStay } from '../api/reservations-board';
import { ConflictMessage, useRefusalDetail } from './board-parts';
import { ConfirmDialog, useConfirmation } from '../../../shared/admin/confirm-dialog';
import { DeskChanges, DeskLines } from './board-stay-desk';
import styles from './reservations-board.module.css';

interface StayDialogProps {
  reservationId: number | null;
  rooms: BoardRoom[];
  onClose: () => void;
  /** Shown under the stay's details: the bill, composed by the route. */
  stayExtra?: ((reservationId: number) => ReactNode) | undefined;
}

export function StayDialog({ reservationId, rooms, onClose, stayExtra }: StayDialogProps) {
  const { t } = useTranslation(['reservations-board', 'common']);
  const [shownId, setShownId] = useState<number | null>(null);
  // Keeps the last stay while the dialog plays its closing animation.
  if (reservationId !== null && reservationId !== shownId) setShownId(reservationId);
  const stay = useStay(shownId);

  return (
    <Modal
      open={reservationId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={shownId === null ? '' : t('reservations-board:stay.title', { id: shownId })}
      size="large"
      onClosed={() => setShownId(null)}
    >
      {stay.isPending && (
        <p className={styles.muted} role="status">
          <Spinner size="sm" decorative /> {t('reservations-board:stay.loading')}
        </p>
      )}
      {stay.isError && <p className={styles.conflict}>{serverDetail(stay.error) ?? t('reservations-board:stay.loadError')}</p>}
      {stay.data && <StayDetails key={stay.data.id} stay={stay.data} rooms={rooms} />}
      {stay.data && stayExtra?.(stay.data.id)}
    </Modal>
  );
}

function StayDetails({ stay, rooms }: { stay: StaffReservation; rooms: BoardRoom[] }) {
  const { t } = useTranslation(['reservations-board', 'common']);
  const { language } = useLanguage();
  const money = (kopecks: number) => formatMoney(kopecks, language, t('common:currency'));
  const date = (iso: string) => formatStayDate(iso, language);
  const cancel = useCancelStay();
  const noShow = useMarkNoShow();
  // Kept while the question fades out, so a no-show's question does not turn into a cancellation's.
  const confirming = useConfirmation<'cancel' | 'no_show'>();
  const [moving, setMoving] = useState(false);
  // Whether a cancellation now is late (CON-05), worked out when staff ask for it.
  const [late, setLate] = useState(false);
  const status = stay.no_show_at
    ? t('reservations-board:status.noShow')
    : stay.late
      ? t('reservations-board:status.late')
      : stay.stay_status === 'checked_in'
        ? t('reservations-board:status.checkedIn')
        : stay.stay_status === 'checked_out'
          ? t('reservations-board:status.checkedOut')
          : t(`reservations-board:status.${stay.status}`);

  const act = async () => {
    const action = confirming.subject === 'cancel' ? cancel : noShow;
    try {
      await action.mutateAsync(stay.id);
      toast.success(confirming.subject === 'cancel' ? t('reservations-board:status.cancelled') : t('reservations-board:status.noShow'));
    } catch (error) {
      toast.error(serverDetail(error) ?? t('reservations-board:actionError'));
    }
    confirming.close();
  };

  return (
    <div data-testid="stay-details">
      <div className={styles.statusLine}>
        <span className={styles.status} data-testid="stay-status">
          {status}
        </span>
        <span className={styles.muted}>{stay.room.name[language]}</span>
      </div>
      <dl className={styles.details}>
        <dt>{t('reservations-board:stay.guest')}</dt>
        <dd data-testid="stay-guest">{stay.guest.name}</dd>
        <dt>{t('reservations-board:stay.email')}</dt>
        <dd>{stay.guest.email ? <a href={`mailto:${stay.guest.email}`}>{stay.guest.email}</a> : '—'}</dd>
        <dt>{t('reservations-board:stay.phone')}</dt>
        <dd>{stay.guest.phone ? <a href={`tel:${stay.guest.phone.replace(/[^\d+]/g, '')}`}>{stay.guest.phone}</a> : t('reservations-board:stay.noPhone')}</dd>
        <dt>{t('reservations-board:stay.dates')}</dt>
        <dd data-testid="stay-dates">
          {date(stay.arrival)} — {date(stay.departure)}
        </dd>
        <dt>{t('reservations-board:stay.nights')}</dt>
        <dd data-testid="stay-nights">{stay.nights}</dd>
        <dt>{t('reservations-board:stay.guests')}</dt>
        <dd>{stay.guest_count}</dd>
        {stay.guests.length > 0 && (
          <>
            <dt>{t('reservations-board:stay.otherGuests')}</dt>
            <dd>{stay.guests.map(personName).join(', ')}</dd>
          </>
        )}
        <dt>{t('reservations-board:stay.perNight')}</dt>
        <dd>{money(stay.price_per_night)}</dd>
        <dt>{t('reservations-board:stay.total')}</dt>
        <dd data-testid="stay-total">
          {money(stay.price)}
          <PriceBreakdown runs={stay.price_breakdown} />
          <ExtraLines extras={stay.extras} />
        </dd>
        <dt>{t('reservations-board:stay.rate')}</dt>
        <dd data-testid="stay-rate">
          {t(`reservations-board:stay.rates.${stay.rate}`, { discount: money(stay.rate_discount) })}
          {stay.prepayment && ` · ${t(`reservations-board:stay.prepayment.${stay.prepayment}`)}`}
        </dd>
        {stay.promo_code && (
          <>
            <dt>{t('common:promo.label')}</dt>
            <dd data-testid="stay-promo">{t('common:promo.line', { code: stay.promo_code, amount: money(stay.promo_discount) })}</dd>
          </>
        )}
        <dt>{t('reservations-board:stay.requests')}</dt>
        <dd>{stay.special_requests || t('reservations-board:stay.noRequests')}</dd>
        {/* A desk booking without a card says its own guarantee (DeskLines). */}
        {(stay.guarantee.card || stay.desk.guarantee === null) && (
          <>
            <dt>{t('reservations-board:stay.guarantee')}</dt>
            <dd>
              {stay.guarantee.card
                ? t('reservations-board:stay.card', { brand: stay.guarantee.card.brand.toUpperCase(), last4: stay.guarantee.card.card_last4 })
                : t('reservations-board:stay.noCard')}
            </dd>
          </>
        )}
        <DeskLines stay={stay} rooms={rooms} />
        {stay.cancellation_fee !== null && stay.cancellation_fee > 0 && (
          <>
            <dt>{t('reservations-board:stay.fee')}</dt>
            <dd>
              {money(stay.cancellation_fee)}
              {stay.rate === 'non_refundable'
                ? ` · ${t('reservations-board:stay.keptOnCancel')}`
                : stay.guarantee.charge && ` · ${t(`reservations-board:stay.charge.${stay.guarantee.charge}`)}`}
            </dd>
          </>
        )}
      </dl>

      {(stay.actions.cancel || stay.actions.no_show || stay.actions.move) && (
        <div className={styles.dialogActions} style={{ marginTop: '1.25rem' }}>
          {stay.actions.move && (
            <Button variant="outline" onClick={() => setMoving((open) => !open)} aria-expanded={moving}>
              {t('reservations-board:stay.move')}
            </Button>
          )}
          {stay.actions.no_show && (
            <Button variant="outline" onClick={() => confirming.ask('no_show')}>
              {t('reservations-board:stay.noShow')}
            </Button>
          )}
          {stay.actions.cancel && (
            <Button
              variant="secondary"
              onClick={() => {
                setLate(Date.now() > Date.parse(stay.free_cancellation_until));
                confirming.ask('cancel');
              }}
            >
              {t('reservations-board:stay.cancel')}
            </Button>
          )}
        </div>
      )}

      {moving && stay.actions.move && <MoveForm stay={stay} rooms={rooms} onMoved={() => setMoving(false)} />}

      <DeskChanges stay={stay} rooms={rooms} />

      <ConfirmDialog
        open={confirming.open}
        title={
          confirming.subject === 'no_show'
            ? t('reservations-board:confirm.noShowTitle', { id: stay.id })
            : t('reservations-board:confirm.cancelTitle', { id: stay.id })
        }
        confirmLabel={confirming.subject === 'no_show' ? t('reservations-board:confirm.noShowYes') : t('reservations-board:confirm.cancelYes')}
        busy={cancel.isPending || noShow.isPending}
        onConfirm={() => void act()}
        onClose={confirming.close}
      >
        {confirming.subject === 'no_show'
          ? t('reservations-board:confirm.noShowText', { fee: money(stay.price_per_night) })
          : late
            ? t('reservations-board:confirm.cancelLate', { fee: money(stay.price_per_night) })
            : t('reservations-board:confirm.cancelFree')}
      </ConfirmDialog>
    </div>
  );
}

/** New dates and/or another room; a taken night says which and keeps what was typed. */
function MoveForm({ stay, rooms, onMoved }: { stay: StaffReservation; rooms: BoardRoom[]; onMoved: () => void }) {
  const { t } = useTranslation(['reservations-board', 'hotel', 'common']);
  const { language } = useLanguage();
  const move = useMoveStay();
  const refusalDetail = useRefusalDetail();
  const [refusal, setRefusal] = useState<{ conflicts: RoomConflict[]; detail: string } | null>(null);
  const fits = rooms.filter((room) => room.primary_capacity + room.extra_capacity >= stay.guest_count || room.id === stay.room.id);

  const submit = async (values: z.output<typeof reservationMoveSchema>) => {
    try {
      await move.mutateAsync({ id: stay.id, move: values });
      toast.success(t('reservations-board:move.moved'));
      onMoved();
    } catch (error) {
      setRefusal({ conflicts: conflictsOf(error), detail: refusalDetail(error) });
    }
  };

  return (
    <Form
      schema={reservationMoveSchema}
      options={{ defaultValues: { arrival: stay.arrival, departure: stay.departure, room_id: stay.room.id } }}
      className={styles.moveForm}
      onSubmit={submit}
      // A new try clears the last refusal, whether or not the fields pass.
      onSubmitCapture={() => setRefusal(null)}
      data-testid="move-form"
    >
      {(form, error) => (
        <>
          <h3 className={styles.moveTitle}>{t('reservations-board:move.title')}</h3>
          <div className={styles.details} style={{ gridTemplateColumns: '1fr' }}>
            <Input type="date" label={t('reservations-board:move.arrival')} error={error('arrival')} required {...form.register('arrival')} />
            <Input type="date" label={t('reservations-board:move.departure')} error={error('departure')} required {...form.register('departure')} />
            <Select
              label={t('reservations-board:move.room')}
              error={error('room_id')}
              options={fits.map((room) => ({ value: String(room.id), label: room.name[language] }))}
              {...form.register('room_id', { valueAsNumber: true })}
            />
          </div>
          <p className={styles.muted}>{t('reservations-board:move.priceNote')}</p>
          {refusal && <ConflictMessage conflicts={refusal.conflicts} fallback={refusal.detail} />}
          <div className={styles.dialogActions}>
            <Button type="submit" loading={move.isPending}>
              {t('reservations-board:move.submit')}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
