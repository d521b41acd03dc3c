import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useNavigate } from 'react-router';
import { canGuestCancelOrder, SLOT_MINUTES, textIn, type Order } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
import { useCart } from '../../../shared/cart/cart-store';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { ResponsiveImage } from '../../../shared/media/responsive-image';
import { Button, Modal, toast } from '../../../shared/ui';
import { useCancelOrder } from '../api/cancel-order';
import { useRepeatOrder } from '../api/repeat-order';
import { formatHotelClock, formatMoment, formatOrderMoment, formatTime } from '../../../shared/format/dates';
import { OrderStatusBadge } from './order-status';
import styles from './orders.module.css';
import { paths } from '../../../shared/paths';

interface OrderDetailsProps {
  order: Order | null;
  onClose: () => void;
  /** What pays an order not paid yet (the route composes it from the payments feature). */
  payAction?: ((order: Order) => ReactNode) | undefined;
}

/** An order's details (ACC-32..34): date, status, address, dishes, a summary of real figures, cancel and repeat. */
export function OrderDetails({ order, onClose, payAction }: OrderDetailsProps) {
  const { t } = useTranslation('account');
  const [shown, setShown] = useState(order);
  if (order && order !== shown) setShown(order);
  return (
    <Modal
      open={order !== null}
      onOpenChange={(open) => !open && onClose()}
      title={shown ? t('account:orders.number', { id: shown.id }) : ''}
      size="large"
      onClosed={() => setShown(null)}
    >
      {shown && <DetailsBody key={shown.id} order={order ?? shown} onClose={onClose} payAction={payAction} />}
    </Modal>
  );
}

function DetailsBody({ order, onClose, payAction }: { order: Order; onClose: () => void; payAction?: OrderDetailsProps['payAction'] }) {
  const { t } = useTranslation(['account', 'common', 'order-board']);
  const { language } = useLanguage();
  const navigate = useNavigate();
  const cancel = useCancelOrder();
  const repeat = useRepeatOrder();
  const fill = useCart((cart) => cart.fill);
  const [confirming, setConfirming] = useState(false);
  const money = (kopecks: number) => formatMoney(kopecks, language, t('common:currency'));
  const { address, summary } = order;
  const addressLine = [
    address.address,
    address.entrance !== null && t('account:address.entranceShort', { value: address.entrance }),
    address.floor !== null && t('account:address.floorShort', { value: address.floor }),
    address.apartment !== null && t('account:address.apartmentShort', { value: address.apartment }),
    address.intercom && t('account:address.intercomShort', { value: address.intercom }),
  ]
    .filter(Boolean)
    .join(', ');
  const active = order.display_status === 'accepted' || order.display_status === 'delivering';

  const onCancel = () =>
    cancel.mutate(order.id, {
      onSuccess: (cancelled) => {
        setConfirming(false);
        toast.success(t(cancelled.paid_at ? 'account:orders.cancelledRefunded' : 'account:orders.cancelled'));
      },
    });

  const onRepeat = () =>
    repeat.mutate(order.id, {
      onSuccess: ({ items, missing }) => {
        fill(items);
        if (missing.length > 0) {
          toast.info(t('account:orders.repeatMissing', { dishes: missing.map((m) => m.name[language]).join(', ') }), { duration: 5000 });
        }
        if (items.length === 0) return;
        onClose();
        void navigate(paths.deliveryCart);
      },
      onError: (error) => toast.error(error instanceof ApiError && error.status < 500 ? error.detail : t('account:orders.repeatError')),
    });

  const cancelError = cancel.error instanceof ApiError ? cancel.error.detail : cancel.error ? t('account:orders.cancelError') : null;

  return (
    <div className={styles.details} data-testid="order-details">
      <div className={styles.detailsHead}>
        <OrderStatusBadge status={order.display_status} payment={order.payment_status} />
        <span className={styles.muted}>{formatOrderMoment(order.created_at, language)}</span>
      </div>
      {order.display_status === 'awaiting_payment' && (
        <p className={styles.unpaid} data-payment={order.payment_status} data-testid="order-unpaid">
          {t(`account:orders.unpaid.${order.payment_status === 'failed' ? 'failed' : order.payment_status === 'pending' ? 'pending' : 'awaiting'}`)}
        </p>
      )}
      {order.display_status === 'awaiting_payment' && order.payment_status !== 'pending' && payAction?.(order)}
      {order.payment_status === 'at_door' && (
        <p className={styles.unpaid} data-payment="at_door" data-testid="order-at-door">
          {t('account:orders.atDoor', { total: formatMoney(order.price, language, t('common:currency')) })}
        </p>
      )}
      {active && order.expected_at && (
        <p className={styles.expected} data-testid="order-expected">
          {t('account:orders.expected', { time: formatTime(order.expected_at) })}
        </p>
      )}

      <p className={styles.muted} data-testid="order-slot">
        {order.deliver_at
          ? t('account:orders.slot', {
              // On the hotel's clock, where the courier drives, as the cart offered it.
              date: formatMoment(order.deliver_at, language),
              end: formatHotelClock(new Date(Date.parse(order.deliver_at) + SLOT_MINUTES * 60_000).toISOString(), language),
            })
          : t('account:orders.asap')}
      </p>

      {order.cancel_reason && (
        <p className={styles.expected} data-testid="order-cancel-reason">
          {t('order-board:guest.reason', { reason: order.cancel_reason })}
        </p>
      )}

      <section aria-labelledby="order-address" className={styles.block}>
        <h3 id="order-address" className={styles.label}>
          {t('account:orders.address')}
        </h3>
        {order.room ? (
          <p className={styles.strong} data-testid="order-room">
            {t('account:orders.roomService', { room: order.room.name[language] })}
          </p>
        ) : (
          <>
            <p className={styles.strong}>{address.label}</p>
            <p data-testid="order-address">{addressLine}</p>
          </>
        )}
        {order.comment && <p className={styles.muted}>{t('account:orders.comment', { comment: order.comment })}</p>}
        {order.payment_method && (
          <p className={styles.muted}>{t('account:orders.paidWith', { brand: order.payment_method.brand.toUpperCase(), last4: order.payment_method.card_last4 })}</p>
        )}
        {/* An order at 0 was accepted without a payment (issue 42). */}
        {order.price === 0 && order.status !== 'canceled' && order.status !== 'stashed' && (
          <p className={styles.muted} data-testid="order-nothing-to-pay">
            {t('account:orders.nothingToPay')}
          </p>
        )}
      </section>

      <ul className={styles.items} aria-label={t('account:orders.dishes')}>
        {order.items.map((item) => (
          <li key={item.id} className={styles.item} data-testid="order-item">
            <span className={styles.thumb}>
              {item.image ? <ResponsiveImage image={item.image} sizes="56px" width={56} height={56} /> : <span className={styles.initial}>{item.name[language].slice(0, 1)}</span>}
            </span>
            <span className={styles.itemName}>
              {item.name[language]}
              {item.options.length > 0 && (
                <span className={styles.itemOptions} data-testid="order-item-options">
                  {item.options.map((option) => textIn(option.name, language)).join(', ')}
                </span>
              )}
            </span>
            <span className={styles.muted}>
              {money(item.price)} × {item.quantity}
            </span>
            <span className={styles.itemTotal}>{money(item.price * item.quantity)}</span>
          </li>
        ))}
      </ul>

      <dl className={styles.summary} data-testid="order-summary">
        <div>
          <dt>{t('account:orders.summary.items')}</dt>
          <dd data-testid="summary-items">{money(summary.items)}</dd>
        </div>
        <div>
          <dt>{t('account:orders.summary.delivery')}</dt>
          <dd data-testid="summary-delivery">{money(summary.delivery)}</dd>
        </div>
        <div>
          <dt>{t('account:orders.summary.packaging')}</dt>
          <dd data-testid="summary-packaging">{money(summary.packaging)}</dd>
        </div>
        <div>
          <dt>{t('account:orders.summary.discount')}</dt>
          <dd data-testid="summary-discount">{money(summary.discount)}</dd>
        </div>
        {order.promo_code && (
          <div className={styles.promoRow} data-testid="summary-promo">
            <dt>{t('common:promo.label')}</dt>
            <dd>
              {order.promo_code} · −{money(order.promo_discount)}
            </dd>
          </div>
        )}
        <div className={styles.totalRow}>
          <dt>{t('account:orders.summary.total')}</dt>
          <dd data-testid="summary-total">{money(summary.total)}</dd>
        </div>
      </dl>

      <div className={styles.actions}>
        <Button variant="secondary" onClick={onRepeat} loading={repeat.isPending} data-testid="repeat-order">
          {t('account:orders.repeat')}
        </Button>
        {canGuestCancelOrder(order.status) &&
          (confirming ? (
            <div className={styles.confirm}>
              <p>{t(order.paid_at ? 'account:orders.cancelQuestionPaid' : 'account:orders.cancelQuestion')}</p>
              <div className={styles.confirmButtons}>
                <Button onClick={onCancel} loading={cancel.isPending} data-testid="confirm-cancel-order">
                  {t('account:orders.cancelConfirm')}
                </Button>
                <Button variant="clearly" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
                  {t('account:orders.keep')}
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="outline" onClick={() => setConfirming(true)} data-testid="cancel-order">
              {t('account:orders.cancel')}
            </Button>
          ))}
      </div>
      {cancelError && (
        <p className={styles.error} role="alert">
          {cancelError}
        </p>
      )}
    </div>
  );
}
