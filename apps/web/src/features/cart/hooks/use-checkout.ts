import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useNavigate } from 'react-router';
import { KITCHEN_HOURS, ORDER_DETAILS, ORDER_TOTAL_MAX_KOPECKS, orderItemsOf, UNPAID_ORDERS_MAX, type CartLine, type DoorMethod, type OrderRefused } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
import { leaveFor } from '../../../shared/api/leave-for';
import { useSettledStatus } from '../../../shared/api/use-settled-status';
import { useCart } from '../../../shared/cart/cart-store';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { menuQuery } from '../../../shared/menu/get-menu';
import { toast } from '../../../shared/ui';
import { createOrder } from '../api/create-order';
import { createPayment, newAttemptKey } from '../../../shared/api/create-payment';
import { getPaymentStatus } from '../../../shared/api/get-payment-status';
import { orderingQuery } from '../api/get-ordering';
import { payAtDoorQuery } from '../api/get-pay-at-door';
import { roomServiceQuery } from '../api/get-room-service';
import { updateOrder } from '../api/update-order';
import { placedOrder, rememberOrder, trackedPayment, trackPayment } from '../lib/checkout-session';
import { ROOM_BILL_CHOICE } from '../lib/room-bill';
import { paths } from '../../../shared/paths';

export interface CheckoutInput {
  /** The dishes to order, at the prices the guest has seen. */
  lines: readonly CartLine[];
  /** The total the guest has seen on the page: another one at the server is asked again. */
  expectedTotal: number;
  addressId: number | null;
  /** Room service (issue 24): the stay whose room the order goes to, instead of the address. */
  reservationId?: number | null;
  /** A saved card's id, or ROOM_BILL_CHOICE: room service put on the room bill (issue 45). */
  paymentMethodId: string | null;
  /** Pay the courier at the door instead of a card (issue 46): how; null or absent: by card. */
  payAtDoor?: DoorMethod | null;
  comment: string;
  /** The chosen slot's start, or null: as soon as possible (issue 24). */
  deliverAt?: string | null;
  /** The promo code applied (decision 043); `expectedTotal` is after it. */
  promoCode?: string | null;
  /**
   * Whether the server refused the promo code (used up meanwhile): the route takes it off and
   * answers what the guest is told; null for any other refusal.
   */
  promoRefusal?: (error: unknown) => string | null;
}

type Stage = 'idle' | 'ordering' | 'paying' | 'tracking' | 'confirming';

/** An order that can no longer take a payment (paid meanwhile, or set aside) needs a new one. */
/** Why an order was not placed, by the answer's status and the domain's detail (issue 21). */
function createErrorKey(error: unknown): string {
  if (error instanceof ApiError && error.status === 409 && error.detail === ORDER_DETAILS.tooManyUnpaid) return 'restaurant:checkout.tooManyUnpaid';
  if (error instanceof ApiError && error.status === 429) return 'restaurant:checkout.tooOften';
  return 'restaurant:checkout.createError';
}

const isClosedOrder = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 409);

/** The order to pay: the one placed for these very dishes, brought up to date, or a new one. */
async function orderFor(input: CheckoutInput): Promise<number> {
  const items = orderItemsOf(input.lines);
  const reservationId = input.reservationId ?? null;
  // The total is part of what the guest agreed to: at another price the order is another one. So
  // is one to the room rather than to an address: it costs another delivery fee.
  // On the room bill it is another order too: one accepted at once, with no card to pay it.
  const onRoomBill = reservationId !== null && input.paymentMethodId === ROOM_BILL_CHOICE;
  const door = input.payAtDoor ?? null;
  const signature = JSON.stringify({ items, total: input.expectedTotal, deliverAt: input.deliverAt ?? null, room: reservationId, promo: input.promoCode ?? null, bill: onRoomBill, door });
  // Paid at the door, an order is accepted when placed: an earlier one is never reused for it.
  const earlier = placedOrder();
  if (earlier && earlier.items === signature && door === null) {
    try {
      await updateOrder(earlier.id, reservationId === null ? { address_id: input.addressId!, comment: input.comment } : { comment: input.comment });
      return earlier.id;
    } catch (error) {
      if (!isClosedOrder(error)) throw error;
    }
  }
  const { id } = await createOrder({
    ...(reservationId === null
      ? { address_id: input.addressId! }
      : { destination: { kind: 'room', reservation_id: reservationId, ...(onRoomBill ? { on_room_bill: true } : {}) } }),
    ...(door !== null ? { pay_at_door: door } : onRoomBill ? {} : { payment_method_id: input.paymentMethodId! }),
    items,
    comment: input.comment,
    expected_total: input.expectedTotal,
    deliver_at: input.deliverAt ?? null,
    ...(input.promoCode ? { promo_code: input.promoCode } : {}),
  });
  rememberOrder({ id, items: signature });
  return id;
}

/**
 * Pay (DEL-29..36): creates the order, then the payment; goes to the confirmation page when the
 * answer has one, otherwise asks about the payment every 2 seconds while it is pending. Success
 * empties the cart and opens /account/orders; a decline says so and lets the guest pay again.
 * The payment being tracked survives a trip to the confirmation page (session storage).
 */
export function useCheckout() {
  const { t } = useTranslation(['restaurant', 'common']);
  const { language } = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Back from a confirmation page, the payment that sent the guest there is still tracked. The
  // cart is never prerendered, so session storage can be read in the first render.
  const [tracking, setTracking] = useState<string | null>(trackedPayment);
  const [stage, setStage] = useState<Stage>(() => (trackedPayment() ? 'tracking' : 'idle'));
  // A declined card stays said beside the card choice until the guest pays again: a toast was
  // gone in two seconds, and the guest was left with a cart that looked as if nothing happened.
  const [declined, setDeclined] = useState<string | null>(null);

  useSettledStatus({
    key: tracking === null ? null : ['payment', tracking],
    ask: (signal) => getPaymentStatus(tracking!, signal),
    onSettled: (outcome) => {
      trackPayment(null);
      setTracking(null);
      setStage('idle');
      if (outcome === 'succeeded') {
        toast.success(t('restaurant:checkout.success'));
        rememberOrder(null);
        useCart.getState().clear();
        void queryClient.invalidateQueries({ queryKey: ['orders'] });
        void navigate(paths.account.orders);
      } else if (outcome === 'canceled') {
        toast.error(t('restaurant:checkout.failed'));
        setDeclined(t('restaurant:checkout.failed'));
      }
      // 'lost': the status cannot be read (the network, or another account now signed in); the
      // order, if paid, is in the account's list anyway.
    },
  });

  async function pay(input: CheckoutInput) {
    if (stage !== 'idle') return;
    setDeclined(null);
    const { addressId, paymentMethodId } = input;
    const atDoor = (input.payAtDoor ?? null) !== null;
    if ((addressId === null && !input.reservationId) || (paymentMethodId === null && !atDoor)) {
      toast.error(t('restaurant:checkout.chooseAddressAndCard'));
      return;
    }
    try {
      setStage('ordering');
      const orderId = await orderFor(input);
      // An order at 0 (a promo code took it all) was accepted with nothing to pay (issue 42), one
      // put on the room bill is paid at check-out (issue 45), and one paid to the courier on
      // delivery (issue 46): no payment is asked for.
      const onRoomBill = Boolean(input.reservationId) && paymentMethodId === ROOM_BILL_CHOICE;
      if (input.expectedTotal === 0 || onRoomBill || atDoor) {
        setStage('idle');
        toast.success(t(input.expectedTotal === 0 ? 'restaurant:checkout.successFree' : onRoomBill ? 'restaurant:checkout.successRoomBill' : 'restaurant:checkout.successAtDoor'));
        rememberOrder(null);
        useCart.getState().clear();
        void queryClient.invalidateQueries({ queryKey: ['orders'] });
        void navigate(paths.account.orders);
        return;
      }
      setStage('paying');
      const created = await createPayment({ order_id: orderId, payment_method_id: paymentMethodId! }, newAttemptKey());
      trackPayment(created.payment_id);
      if (created.confirmation_url) {
        setStage('confirming');
        leaveFor(created.confirmation_url);
        return;
      }
      setStage('tracking');
      setTracking(created.payment_id);
    } catch (error) {
      setStage('idle');
      const message = input.promoRefusal?.(error) ?? refusalMessage(error);
      toast.error(message);
      if (error instanceof ApiError && error.status === 409 && error.detail.startsWith('This card was declined')) setDeclined(message);
    }
  }

  /** What the guest is told when the order or the payment is refused, and what the cart learns from it. */
  function refusalMessage(error: unknown): string {
    const body = error instanceof ApiError && error.body ? (error.body as OrderRefused) : null;
    if (error instanceof ApiError && error.status === 409 && body?.items) {
      // Today's prices, straight from the answer: the cart shows what changed and waits for the
      // guest to accept them before paying again.
      const prices = new Map(body.items.map((item) => [item.product_id, item.price]));
      queryClient.setQueryData(menuQuery.queryKey, (menu) => menu?.map((product) => ({ ...product, price: prices.get(product.id) ?? product.price })));
      void queryClient.invalidateQueries({ queryKey: menuQuery.queryKey });
      return t('restaurant:checkout.pricesChanged');
    }
    if (error instanceof ApiError && (body?.reason === 'slot_full' || body?.reason === 'slot_unavailable')) {
      // The slots as the server has them now: the choice falls back to "as soon as possible".
      void queryClient.invalidateQueries({ queryKey: orderingQuery.queryKey });
      return t(`restaurant:checkout.${body.reason === 'slot_full' ? 'slotFull' : 'slotUnavailable'}`);
    }
    if (error instanceof ApiError && body?.reason === 'below_minimum') {
      void queryClient.invalidateQueries({ queryKey: orderingQuery.queryKey });
      return t('restaurant:checkout.belowMinimum', { min: formatMoney(body.min_order ?? 0, language, t('common:currency')) });
    }
    if (error instanceof ApiError && (body?.reason === 'not_staying' || body?.reason === 'after_check_out')) {
      // The stay as the server has it now: outside it, the cart stops offering the room.
      void queryClient.invalidateQueries({ queryKey: roomServiceQuery.queryKey });
      return t(`restaurant:checkout.${body.reason === 'not_staying' ? 'notStaying' : 'afterCheckOut'}`);
    }
    if (error instanceof ApiError && body?.reason?.startsWith('door_')) {
      // Paying the courier refused (decision 059): the offer as the server has it now; the refusal in the page's language.
      void queryClient.invalidateQueries({ queryKey: payAtDoorQuery.queryKey });
      return (language === 'ru' ? body.detail_ru : undefined) ?? error.detail;
    }
    if (error instanceof ApiError && body?.reason?.startsWith('options_')) {
      void queryClient.invalidateQueries({ queryKey: menuQuery.queryKey });
      return t('restaurant:checkout.optionsChanged');
    }
    if (error instanceof ApiError && error.status === 409 && body?.reason) {
      void queryClient.invalidateQueries({ queryKey: orderingQuery.queryKey });
      return t(body.reason === 'hours' ? 'restaurant:ordering.hours' : 'restaurant:ordering.closedToday', { opens: KITCHEN_HOURS.opens, closes: KITCHEN_HOURS.closes });
    }
    if (error instanceof ApiError && error.status === 409 && error.detail.startsWith('This card was declined')) return t('restaurant:checkout.declinedPause');
    if (error instanceof ApiError && error.status === 422 && error.detail.startsWith('An order may cost at most')) {
      return t('restaurant:checkout.tooLarge', { max: formatMoney(ORDER_TOTAL_MAX_KOPECKS, language, t('common:currency')) });
    }
    return t(createErrorKey(error), { max: UNPAID_ORDERS_MAX });
  }

  return { pay, stage, busy: stage !== 'idle', declined, forgetDecline: () => setDeclined(null) };
}
