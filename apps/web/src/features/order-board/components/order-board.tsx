/**
 * The live order board (/admin/orders; docs/decisions/019-live-updates.md): columns pending →
 * accepted → in_progress → delivering → completed, one at a time with tabs on a phone. One click
 * moves an order on; cancelling asks for a reason. A new order arrives without a reload, with a
 * chime (once the staff member has clicked or typed on the page) and a count in the tab's title
 * until the board is looked at.
 */
import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n';
import {
  textIn,
  BOARD_ORDER_STATUSES,
  hotelToday,
  SLOT_MINUTES,
  CANCEL_REASON_MAX,
  ORDER_DETAILS,
  orderStaffCancelSchema,
  type OrderStaffCancel,
  type OrderStatus,
  type StaffOrder,
} from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
import { formatMoney } from '../../../shared/format/money';
import { formatHotelClock, formatTime } from '../../../shared/format/dates';
import { Form, type FormMethods } from '../../../shared/forms/form';
import { Button, Modal, Skeleton, TextArea, toast } from '../../../shared/ui';
import { useLiveOrders } from '../../../shared/live/live-orders';
import { usePageTitle } from '../../../shared/seo/page-title';
import { orderBoardKey, useCancelOrder, useCloseKitchen, useKitchen, useNextStep, useOrderBoard } from '../api/order-board';
import { KitchenSettingsButton } from './kitchen-settings';
import { DoorDialog } from './door-dialog';
import { armChime, chime } from '../lib/chime';
import { ConfirmDialog } from '../../../shared/admin/confirm-dialog';
import styles from './order-board.module.css';

type Column = (typeof BOARD_ORDER_STATUSES)[number];

/** New orders not yet looked at, counted in the tab's title. */
function useUnseenCount(title: string) {
  const [unseen, setUnseen] = useState(0);
  usePageTitle(title, { waiting: unseen });
  useEffect(() => {
    // Looked at: the tab came to the front, or the staff member clicked or typed on it.
    const seen = () => {
      if (document.visibilityState === 'visible') setUnseen(0);
    };
    const gesture = () => {
      armChime();
      seen();
    };
    document.addEventListener('visibilitychange', seen);
    window.addEventListener('pointerdown', gesture);
    window.addEventListener('keydown', gesture);
    return () => {
      document.removeEventListener('visibilitychange', seen);
      window.removeEventListener('pointerdown', gesture);
      window.removeEventListener('keydown', gesture);
    };
  }, []);
  return { unseen, add: () => setUnseen((count) => count + 1) };
}

export function OrderBoard({ title }: { title: string }) {
  const { t } = useTranslation(['order-board', 'common']);
  const queryClient = useQueryClient();
  const board = useOrderBoard();
  const [column, setColumn] = useState<Column>('accepted');
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const [cancelling, setCancelling] = useState<StaffOrder | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const { unseen, add } = useUnseenCount(title);

  useLiveOrders('admin/orders/events/', {
    onOrder: (event) => {
      void queryClient.invalidateQueries({ queryKey: orderBoardKey });
      if (event.status !== 'pending') return;
      setFresh((ids) => new Set(ids).add(event.id));
      add();
      chime();
    },
    onResync: () => void queryClient.invalidateQueries({ queryKey: orderBoardKey }),
  });

  if (board.isPending) {
    return (
      <div className={styles.columns} aria-busy="true" aria-label={t('order-board:loading')}>
        {BOARD_ORDER_STATUSES.map((status) => (
          <div key={status} className={styles.column}>
            <Skeleton height={24} width="60%" />
            <Skeleton height={140} />
            <Skeleton height={140} />
          </div>
        ))}
      </div>
    );
  }
  if (board.isError) {
    return (
      <div className={styles.state} role="alert">
        <p>{t('order-board:error')}</p>
        <Button variant="outline" onClick={() => void board.refetch()}>
          {t('order-board:retry')}
        </Button>
      </div>
    );
  }

  // Each column by when the order is due at the door: its slot, or the lead time from the order (issue 24).
  const orders = [...board.data].sort((a, b) => Date.parse(a.due_at) - Date.parse(b.due_at) || a.id - b.id);
  const byStatus = (status: OrderStatus) => orders.filter((order) => order.status === status);
  const canceled = byStatus('canceled');

  return (
    <div className={styles.board}>
      <KitchenDay />
      <p className={styles.live} aria-live="polite">
        {unseen > 0 ? t('order-board:unseen', { count: unseen }) : t('order-board:liveHint')}
      </p>
      <div className={styles.tabs} role="tablist" aria-label={t('order-board:columnsLabel')}>
        {BOARD_ORDER_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            role="tab"
            id={`order-tab-${status}`}
            aria-selected={column === status}
            aria-controls={`order-column-${status}`}
            className={styles.tab}
            onClick={() => setColumn(status)}
          >
            {t(`order-board:status.${status}`)}
            <span className={styles.count}>{byStatus(status).length}</span>
          </button>
        ))}
      </div>
      <div className={styles.columns}>
        {BOARD_ORDER_STATUSES.map((status) => {
          const list = byStatus(status);
          return (
            <section
              key={status}
              id={`order-column-${status}`}
              className={styles.column}
              data-active={column === status}
              aria-labelledby={`order-heading-${status}`}
              data-testid={`order-column-${status}`}
            >
              <h2 id={`order-heading-${status}`} className={styles.columnTitle}>
                {t(`order-board:status.${status}`)} <span className={styles.count}>{list.length}</span>
              </h2>
              {list.length === 0 ? (
                <p className={styles.empty}>{t(`order-board:empty.${status}`)}</p>
              ) : (
                <ul className={styles.cards}>
                  {list.map((order) => (
                    <li key={order.id}>
                      <OrderCard order={order} fresh={fresh.has(order.id)} onCancel={() => {
                          setCancelling(order);
                          setCancelOpen(true);
                        }} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
      {canceled.length > 0 && (
        <section className={styles.canceled} aria-labelledby="order-heading-canceled">
          <h2 id="order-heading-canceled" className={styles.columnTitle}>
            {t('order-board:canceledToday')} <span className={styles.count}>{canceled.length}</span>
          </h2>
          <ul className={styles.canceledList}>
            {canceled.map((order) => (
              <li key={order.id}>
                <strong>№{order.id}</strong> · {order.guest.name} · {formatTime(order.updated_at)}
                {order.cancel_reason && <span className={styles.reason}> — {order.cancel_reason}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <CancelDialog order={cancelling} open={cancelOpen} onClose={() => setCancelOpen(false)} onClosed={() => setCancelling(null)} />
    </div>
  );
}

/** The board's clock, a tick a minute: how near each order's time is. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** How near the order's time is: past it, within half an hour, or later (the card's colour). */
function urgencyOf(order: StaffOrder, now: number): 'late' | 'soon' | 'later' {
  const due = Date.parse(order.due_at);
  return due < now ? 'late' : due - now <= SLOT_MINUTES * 60_000 ? 'soon' : 'later';
}

/** "18:30–19:00", with "tomorrow" before a slot of another day; "as soon as possible · by 15:40" otherwise. */
function SlotLine({ order, language }: { order: StaffOrder; language: 'ru' | 'en' }) {
  const { t } = useTranslation('order-board');
  if (!order.deliver_at) return <>{t('order-board:slot.asap', { time: formatHotelClock(order.due_at, language) })}</>;
  const end = new Date(Date.parse(order.deliver_at) + SLOT_MINUTES * 60_000).toISOString();
  const range = `${formatHotelClock(order.deliver_at, language)}–${formatHotelClock(end, language)}`;
  return <>{hotelToday(new Date(order.deliver_at)) === hotelToday() ? t('order-board:slot.today', { range }) : t('order-board:slot.later', { range, date: hotelToday(new Date(order.deliver_at)).split('-').reverse().slice(0, 2).join('.') })}</>;
}

function OrderCard({ order, fresh, onCancel }: { order: StaffOrder; fresh: boolean; onCancel: () => void }) {
  const { t, i18n } = useTranslation('order-board');
  const language = i18n.language === 'en' ? 'en' : 'ru';
  const step = useNextStep();
  const now = useMinuteClock();
  /** Delivering an order paid at the door asks how it was paid (decision 059). */
  const [settling, setSettling] = useState(false);
  const door = order.pay_at_door;
  const owedAtDoor = door !== null && door.settled === null;
  const finished = order.status === 'completed' || order.status === 'canceled';
  const { address } = order;
  const where = [
    address.address,
    address.entrance && t('order-board:address.entrance', { value: address.entrance }),
    address.floor && t('order-board:address.floor', { value: address.floor }),
    address.apartment && t('order-board:address.apartment', { value: address.apartment }),
    address.intercom && t('order-board:address.intercom', { value: address.intercom }),
  ]
    .filter(Boolean)
    .join(', ');

  const moveOn = () => {
    if (owedAtDoor && order.next_status === 'completed') return setSettling(true);
    step.mutate(
      { id: order.id, from: order.status },
      { onError: (error) => toast.error(error instanceof ApiError && error.status === 409 ? t('order-board:changedMeanwhile') : t('order-board:failed')) },
    );
  };

  return (
    <article
      className={styles.card}
      data-fresh={fresh}
      data-urgency={finished ? undefined : urgencyOf(order, now)}
      data-scheduled={order.deliver_at !== null}
      data-testid="order-card"
      aria-labelledby={`order-${order.id}`}
    >
      <header className={styles.cardHead}>
        <h3 id={`order-${order.id}`} className={styles.cardTitle}>
          №{order.id}
        </h3>
        <span className={styles.time}>{formatTime(order.created_at)}</span>
        {door ? (
          <span className={styles.paid} data-paid={door.settled ? 'true' : 'door'} data-door data-testid="order-door">
            {door.settled
              ? t('order-board:door.paidBy', { method: t(`order-board:door.methods.${door.settled.method}`) })
              : order.status === 'canceled'
                ? t('order-board:unpaid')
                : t('order-board:door.unpaid', { method: t(`order-board:door.methods.${door.method}`) })}
          </span>
        ) : (
          <span className={styles.paid} data-paid={order.paid}>
            {order.paid ? t('order-board:paid') : t('order-board:unpaid')}
          </span>
        )}
      </header>
      <p className={styles.slot} data-testid="order-slot">
        <SlotLine order={order} language={language} />
      </p>
      <p className={styles.guest}>
        {order.guest.name}
        {order.guest.phone && (
          <>
            {' · '}
            <a href={`tel:${order.guest.phone}`}>{order.guest.phone}</a>
          </>
        )}
      </p>
      <ul className={styles.items}>
        {order.items.map((item) => (
          <li key={item.id}>
            <span>
              {textIn(item.name, language)}
              {item.options.length > 0 && (
                <span className={styles.itemOptions} data-testid="order-item-options">
                  {item.options.map((option) => textIn(option.name, language)).join(', ')}
                </span>
              )}
            </span>
            <span className={styles.quantity}>× {item.quantity}</span>
          </li>
        ))}
      </ul>
      {order.room ? (
        <p className={styles.address} data-testid="order-room">
          {t('order-board:roomService', { room: textIn(order.room.name, language) })}
        </p>
      ) : (
        <p className={styles.address}>{where}</p>
      )}
      {order.comment && <p className={styles.comment}>«{order.comment}»</p>}
      <p className={styles.total}>
        {t('order-board:total')} <strong>{formatMoney(order.total, language, t('common:currency'))}</strong>
      </p>
      {order.promo_code && (
        <p className={styles.comment} data-testid="order-promo">
          {t('common:promo.line', { code: order.promo_code, amount: formatMoney(order.promo_discount, language, t('common:currency')) })}
        </p>
      )}
      {(order.next_status || order.can_cancel) && (
        <div className={styles.actions}>
          {order.next_status && (
            <Button size="sm" fullWidth className={styles.next} onClick={moveOn} disabled={step.isPending} data-testid="order-next">
              {t(`order-board:next.${order.next_status}`)}
            </Button>
          )}
          {order.can_cancel && (
            <Button size="sm" variant="clearly" onClick={onCancel}>
              {t('order-board:cancel')}
            </Button>
          )}
        </div>
      )}
      {order.status === 'pending' && <p className={styles.hint}>{t('order-board:awaitingPayment')}</p>}
      {door?.settled && door.settled.amount !== order.total && (
        <p className={styles.hint} data-testid="order-door-taken">
          {t('order-board:door.taken', { amount: formatMoney(door.settled.amount, language, t('common:currency')), reason: door.settled.reason ?? '' })}
        </p>
      )}
      {owedAtDoor && settling && <DoorDialog order={order} open={settling} onClose={() => setSettling(false)} />}
    </article>
  );
}

/** Why staff could not cancel, in their language: a payment the guest is confirming, a board out of date, anything else. */
function cancelRefusalKey(failure: unknown): string {
  if (!(failure instanceof ApiError) || failure.status !== 409) return 'order-board:failed';
  return failure.detail === ORDER_DETAILS.paymentUnderWay ? 'order-board:paymentUnderWay' : 'order-board:changedMeanwhile';
}

interface CancelDialogProps {
  order: StaffOrder | null;
  open: boolean;
  onClose: () => void;
  onClosed: () => void;
}

function CancelDialog({ order: shown, open, onClose, onClosed }: CancelDialogProps) {
  const { t } = useTranslation('order-board');
  const cancel = useCancelOrder();
  const formId = useId();

  const submit = async ({ reason }: OrderStaffCancel, form: FormMethods<typeof orderStaffCancelSchema>) => {
    if (!shown) return;
    try {
      await cancel.mutateAsync({ id: shown.id, reason });
      toast.success(t('order-board:cancelled', { id: shown.id }));
      form.reset();
      onClose();
    } catch (failure) {
      form.setError('reason', { message: cancelRefusalKey(failure) });
    }
  };

  return (
    <Modal
      open={open}
      onClosed={onClosed}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('order-board:cancelTitle', { id: shown?.id ?? '' })}
      description={t('order-board:cancelLead')}
      size="small"
      footer={
        <div className={styles.dialogActions}>
          <Button variant="outline" onClick={onClose}>
            {t('order-board:keep')}
          </Button>
          <Button type="submit" form={formId} disabled={cancel.isPending} data-testid="order-cancel-confirm">
            {t('order-board:confirmCancel')}
          </Button>
        </div>
      }
    >
      <Form id={formId} schema={orderStaffCancelSchema} options={{ defaultValues: { reason: '' } }} onSubmit={submit}>
        {(form, error) => <TextArea label={t('order-board:reason')} maxLength={CANCEL_REASON_MAX} rows={3} required error={error('reason')} {...form.register('reason')} />}
      </Form>
    </Modal>
  );
}

/**
 * Staff close ordering for the rest of today (a full or closed kitchen) or open it again; guests'
 * carts say so. Closing turns guests away until tomorrow, so it is asked about first; opening again
 * is not.
 */
function KitchenDay() {
  const { t } = useTranslation(['order-board', 'admin']);
  const kitchen = useKitchen();
  const change = useCloseKitchen();
  const [asking, setAsking] = useState(false);
  if (!kitchen.data) return null;
  const closed = kitchen.data.closed_today;
  const state = closed ? 'closedToday' : kitchen.data.open ? 'open' : 'outsideHours';
  const set = (close: boolean) =>
    change.mutate(close, {
      onSettled: () => setAsking(false),
      onError: () => toast.error(t('order-board:kitchen.error')),
    });
  return (
    <div className={styles.kitchen} data-testid="kitchen-day" data-state={state}>
      <p>{t(`order-board:kitchen.${state}`, { opens: kitchen.data.hours.opens, closes: kitchen.data.hours.closes })}</p>
      <KitchenSettingsButton />
      <Button
        size="sm"
        variant={closed ? 'primary' : 'outline'}
        loading={change.isPending && !asking}
        onClick={() => (closed ? set(false) : setAsking(true))}
        data-testid="kitchen-toggle"
      >
        {t(closed ? 'order-board:kitchen.reopen' : 'order-board:kitchen.close')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('order-board:kitchen.confirmTitle')}
        confirmLabel={t('order-board:kitchen.close')}
        busy={change.isPending}
        onConfirm={() => set(true)}
        onClose={() => setAsking(false)}
      >
        {t('order-board:kitchen.confirmText')}
      </ConfirmDialog>
    </div>
  );
}
