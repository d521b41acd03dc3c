import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { amountToReach, hotelToday, ORDER_COMMENT_MAX, SLOT_MINUTES, type DoorMethod, type OrderingState, type OrderSummary } from '@hotel/domain';
import { formatHotelClock } from '../../../shared/format/dates';
import { useCart } from '../../../shared/cart/cart-store';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Select, Skeleton, TextArea } from '../../../shared/ui';
import { ROOM_BILL_CHOICE } from '../lib/room-bill';
import styles from './cart.module.css';

export interface Choice<V> {
  value: V;
  label: string;
  /** Chosen first when nothing (or nothing still valid) is chosen. */
  primary: boolean;
}

interface CheckoutPanelProps {
  summary: OrderSummary;
  /** Undefined while they load. */
  addresses: Choice<number>[] | undefined;
  /** Room service (issue 24): the rooms of the guest's stays in progress, by reservation id; none outside a stay. */
  rooms?: Choice<number>[] | undefined;
  /** The stay whose room the order goes to, or null: to the chosen address. */
  roomId?: number | null;
  onRoom?: (reservationId: number | null) => void;
  cards: Choice<string>[] | undefined;
  onAddAddress: () => void;
  onAddCard: () => void;
  addingCard: boolean;
  /** A card just added is being checked with the provider. */
  checkingCard: boolean;
  /** The cart differs from the menu, or the menu is not loaded: paying waits. */
  blocked: boolean;
  busy: boolean;
  /** Why the last payment failed with this card, shown beside the card choice until it changes. */
  declined?: string | null;
  onCardChange?: () => void;
  onPay: () => void;
  /** The kitchen's state: lead time, slots, thresholds (undefined while it loads). */
  ordering?: OrderingState | undefined;
  /** The chosen slot's start, or null for as soon as possible. */
  deliverAt?: string | null;
  onDeliverAt?: (at: string | null) => void;
  /** The promo code field, above the totals (decision 043). */
  promoField?: ReactNode;
  /** The code applied: its line in the totals; `summary` is already after it. */
  promo?: { code: string; discount: number } | null;
  /** Paying the courier (issue 46): the ways offered to this guest for this order; empty when not offered. */
  doorMethods?: readonly DoorMethod[];
  /** The way chosen to pay the courier, or null: by card. */
  doorMethod?: DoorMethod | null;
  onDoorMethod?: (method: DoorMethod | null) => void;
}

/** The value of a way to pay the courier among the cards: "door:" and the way. */
const DOOR_VALUE = 'door:';

/** The value of a room's choice among the addresses: "room:" and the reservation id. */
const ROOM_VALUE = 'room:';

/** Keeps the cart's choice valid: a choice no longer offered gives way to the primary one (or the first). */
function useDefaultChoice<V>(choices: Choice<V>[] | undefined, chosen: V | null, choose: (value: V | null) => void) {
  useEffect(() => {
    if (!choices) return;
    if (chosen !== null && choices.some((c) => c.value === chosen)) return;
    const fallback = choices.find((c) => c.primary) ?? choices[0];
    choose(fallback ? fallback.value : null);
  }, [choices, chosen, choose]);
}

/** The summary of the cart (DEL-23..31): address, card, courier note, totals and the pay button. */
export function CheckoutPanel(props: CheckoutPanelProps) {
  const { summary, addresses, cards, busy } = props;
  const { t } = useTranslation(['restaurant', 'common']);
  const { language } = useLanguage();
  const money = (kopecks: number) => formatMoney(kopecks, language, t('common:currency'));
  const addressId = useCart((cart) => cart.selectedAddressId);
  const cardId = useCart((cart) => cart.selectedPaymentMethodId);
  const comment = useCart((cart) => cart.comment);
  const selectAddress = useCart((cart) => cart.selectAddress);
  const selectCard = useCart((cart) => cart.selectPaymentMethod);
  const setComment = useCart((cart) => cart.setComment);
  const { ordering, deliverAt = null, rooms = [], roomId = null, doorMethods = [] } = props;
  const doorMethod = props.doorMethod && doorMethods.includes(props.doorMethod) ? props.doorMethod : null;
  const toRoom = roomId !== null;
  // Room service put on the room bill (issue 45): no card is charged; the bill is paid at check-out.
  const onRoomBill = toRoom && cardId === ROOM_BILL_CHOICE;
  const leadMinutes = ordering?.lead_minutes ?? 60;
  const toFreeDelivery = ordering && !toRoom ? amountToReach(summary.items, ordering.free_delivery_from) : 0;
  const slotLabel = (at: string) => {
    const day = hotelToday(new Date(at)) === hotelToday() ? 'today' : 'tomorrow';
    const end = new Date(Date.parse(at) + SLOT_MINUTES * 60_000).toISOString();
    return t(`restaurant:cart.when.${day}`, { from: formatHotelClock(at, language), to: formatHotelClock(end, language) });
  };
  useDefaultChoice(addresses, addressId, selectAddress);
  useDefaultChoice(cards, cardId, selectCard);

  return (
    <section className={styles.panel} aria-labelledby="checkout-title" data-testid="checkout-panel">
      <h2 id="checkout-title" className={styles.panelTitle}>
        {t('restaurant:cart.summary.title')}
      </h2>

      <div className={styles.choice}>
        {addresses ? (
          <Select
            label={rooms.length ? t('restaurant:cart.room.where') : t('restaurant:cart.address.label')}
            placeholder={addresses.length || rooms.length ? t('restaurant:cart.address.placeholder') : t('restaurant:cart.address.none')}
            value={toRoom ? `${ROOM_VALUE}${roomId}` : addressId === null ? '' : String(addressId)}
            onChange={(event) => {
              const { value } = event.target;
              if (value.startsWith(ROOM_VALUE)) {
                props.onRoom?.(Number(value.slice(ROOM_VALUE.length)));
                return;
              }
              props.onRoom?.(null);
              selectAddress(value ? Number(value) : null);
            }}
            options={[
              ...rooms.map((room) => ({ value: `${ROOM_VALUE}${room.value}`, label: t('restaurant:cart.room.option', { room: room.label }) })),
              ...addresses.map((a) => ({ value: String(a.value), label: a.label })),
            ]}
            disabled={busy}
            data-testid="address-select"
          />
        ) : (
          <Skeleton height={72} radius="md" />
        )}
        <Button variant="clearly" size="sm" onClick={props.onAddAddress} disabled={busy} data-testid="add-address">
          + {t('restaurant:cart.address.add')}
        </Button>
      </div>

      <div className={styles.choice}>
        {cards ? (
          <Select
            label={t('restaurant:cart.card.label')}
            placeholder={cards.length || doorMethods.length ? t('restaurant:cart.card.placeholder') : t('restaurant:cart.card.none')}
            value={doorMethod ? `${DOOR_VALUE}${doorMethod}` : (cardId ?? '')}
            onChange={(event) => {
              const { value } = event.target;
              if (value.startsWith(DOOR_VALUE)) {
                props.onDoorMethod?.(value.slice(DOOR_VALUE.length) as DoorMethod);
                return;
              }
              props.onDoorMethod?.(null);
              selectCard(value || null);
              props.onCardChange?.();
            }}
            options={[
              ...cards.map((c) => ({ value: c.value, label: c.label })),
              ...doorMethods.map((method) => ({ value: `${DOOR_VALUE}${method}`, label: t(`restaurant:cart.door.${method}`) })),
            ]}
            disabled={busy}
            error={props.declined ?? undefined}
            data-testid="card-select"
          />
        ) : (
          <Skeleton height={72} radius="md" />
        )}
        {props.checkingCard ? (
          <p className={styles.muted} role="status">
            {t('restaurant:cart.card.checking')}
          </p>
        ) : (
          <Button variant="clearly" size="sm" onClick={props.onAddCard} loading={props.addingCard} disabled={busy} data-testid="add-card">
            + {t('restaurant:cart.card.add')}
          </Button>
        )}
      </div>

      {ordering ? (
        <Select
          label={t('restaurant:cart.when.label')}
          value={deliverAt ?? ''}
          onChange={(event) => props.onDeliverAt?.(event.target.value || null)}
          options={[
            { value: '', label: t('restaurant:cart.when.asap', { minutes: leadMinutes }) },
            ...ordering.slots.map((slot) => ({ value: slot.at, label: slotLabel(slot.at) })),
          ]}
          disabled={busy}
          data-testid="slot-select"
        />
      ) : (
        <Skeleton height={72} radius="md" />
      )}

      <TextArea
        label={t('restaurant:cart.comment.label')}
        placeholder={t('restaurant:cart.comment.placeholder')}
        value={comment}
        maxLength={ORDER_COMMENT_MAX}
        onChange={(event) => setComment(event.target.value)}
        rows={3}
        disabled={busy}
      />

      {props.promoField}

      <dl className={styles.totals}>
        <div>
          <dt>{t('restaurant:cart.summary.goods')}</dt>
          <dd data-testid="goods-total">{money(summary.items)}</dd>
        </div>
        {toRoom ? null : (
          <div>
            <dt>{t('restaurant:cart.summary.delivery')}</dt>
            <dd data-testid="delivery-fee">{summary.delivery === 0 ? t('restaurant:cart.thresholds.free') : money(summary.delivery)}</dd>
          </div>
        )}
        {props.promo ? (
          <div data-testid="promo-discount">
            <dt>{t('common:promo.discount', { code: props.promo.code })}</dt>
            <dd>−{money(summary.discount)}</dd>
          </div>
        ) : null}
        <div className={styles.grandTotal}>
          <dt>{t('restaurant:cart.summary.total')}</dt>
          <dd data-testid="order-total">{money(summary.total)}</dd>
        </div>
      </dl>

      {toRoom ? (
        <p className={styles.hint} data-testid="room-no-fee">
          {t('restaurant:cart.room.noFee')}
        </p>
      ) : null}

      {onRoomBill && summary.total > 0 ? (
        <p className={styles.hint} data-testid="room-bill-hint">
          {t('restaurant:cart.roomBill.hint', { total: money(summary.total) })}
        </p>
      ) : null}

      {doorMethod ? (
        <p className={styles.hint} data-testid="door-hint">
          {t('restaurant:cart.door.hint', { total: money(summary.total) })}
        </p>
      ) : null}

      {summary.total === 0 && summary.items > 0 ? (
        <p className={styles.hint} data-testid="nothing-to-pay">
          {t('restaurant:cart.nothingToPay')}
        </p>
      ) : null}

      {toFreeDelivery > 0 ? (
        <p className={styles.hint} data-testid="free-delivery-hint">
          {t('restaurant:cart.thresholds.freeDelivery', { more: money(toFreeDelivery) })}
        </p>
      ) : null}

      <Button fullWidth onClick={props.onPay} disabled={busy || props.blocked} aria-busy={busy || undefined} data-testid="pay-button">
        {busy
          ? t('restaurant:cart.processing')
          : summary.total === 0
            ? t('restaurant:cart.placeFree')
            : onRoomBill
              ? t('restaurant:cart.roomBill.pay', { total: money(summary.total) })
              : doorMethod
                ? t('restaurant:cart.door.place', { total: money(summary.total) })
                : t('restaurant:cart.pay', { total: money(summary.total) })}
      </Button>
      <p className={styles.promise}>
        {toRoom
          ? deliverAt
            ? t('restaurant:cart.room.promiseSlot', { slot: slotLabel(deliverAt) })
            : onRoomBill
              ? t('restaurant:cart.roomBill.promise', { minutes: leadMinutes })
            : t('restaurant:cart.room.promise', { minutes: leadMinutes })
          : deliverAt
            ? t('restaurant:cart.when.promise', { slot: slotLabel(deliverAt) })
            : doorMethod
              ? t('restaurant:cart.door.promise', { minutes: leadMinutes })
              : t('restaurant:cart.promise', { minutes: leadMinutes })}
      </p>
    </section>
  );
}
