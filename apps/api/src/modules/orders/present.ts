import type { FastifyRequest } from 'fastify';
import { expectedDeliveryAt, orderDisplayStatus, type DishOption, type Order, type OrderPaymentStatus, type OrderRepeat, type OrderRoom } from '@hotel/domain';
import type { products } from '../delivery/tables';
import { presentImage } from '../uploads/public-url';
import type { OrderRecord } from './orders';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A line of an order as the guest and the staff see it: the dish as it was when ordered. */
export function presentOrderItem(request: FastifyRequest, item: OrderRecord['items'][number]) {
  return {
    id: item.id,
    product_id: item.productId,
    name: item.name,
    image: item.image ? presentImage(request, item.image) : null,
    price: item.price,
    quantity: item.quantity,
    options: item.options,
  };
}

/** Where the order's money stands: only a paid order is "paid", and only one given back is "refunded". */
export function orderPaymentStatus({ order, lastPayment }: Pick<OrderRecord, 'order' | 'lastPayment'>): OrderPaymentStatus {
  // Paid to the courier (decision 059): owed at the door until the courier records it.
  if (order.payAtDoor && order.paidAt) return lastPayment?.status === 'succeeded' ? 'paid' : 'at_door';
  if (order.paidAt) return lastPayment?.refundedAt ? 'refunded' : 'paid';
  if (!lastPayment) return 'awaiting';
  // Money taken for an order that could no longer take it (cancelled meanwhile, or ordering closed) goes back in full.
  if (lastPayment.status === 'succeeded') return 'refunded';
  if (lastPayment.status === 'pending') return 'pending';
  return lastPayment.status === 'canceled' ? 'failed' : 'awaiting';
}

/** The room a room-service order goes to, as when ordered; null for an order to an address. */
export function presentRoom(order: Pick<OrderRecord['order'], 'reservationId' | 'roomName'>): OrderRoom | null {
  return order.roomName ? { reservation_id: order.reservationId, name: order.roomName } : null;
}

export function presentOrder(request: FastifyRequest, { order, items, card, lastPayment }: OrderRecord): Order {
  return {
    id: order.id,
    status: order.status,
    display_status: orderDisplayStatus(order.status),
    created_at: order.createdAt.toISOString(),
    price: order.total,
    summary: {
      items: order.itemsTotal,
      delivery: order.deliveryFee,
      packaging: order.packaging,
      discount: order.discount,
      total: order.total,
    },
    address: { id: order.addressId, ...order.address },
    room: presentRoom(order),
    items: items.map((item) => presentOrderItem(request, item)),
    comment: order.comment,
    // "Paid with" names the card that paid (set when the payment succeeded), never the one chosen.
    payment_method:
      order.paidAt && card && card.cardLast4 ? { payment_method_id: card.publicId, card_last4: card.cardLast4, brand: card.brand ?? 'card' } : null,
    payment_status: orderPaymentStatus({ order, lastPayment }),
    promo_code: order.promoCode,
    promo_discount: order.promoDiscount,
    paid_at: iso(order.paidAt),
    expected_at: order.paidAt && !order.canceledAt ? (order.deliverAt ?? expectedDeliveryAt(order.paidAt)).toISOString() : null,
    deliver_at: iso(order.deliverAt),
    delivered_at: iso(order.deliveredAt),
    canceled_at: iso(order.canceledAt),
    cancel_reason: order.cancelReason,
  };
}

type ProductRow = typeof products.$inferSelect;

export function presentRepeat(
  request: FastifyRequest,
  repeat: { available: { product: ProductRow; quantity: number; options: DishOption[] }[]; missing: OrderRepeat['missing'] },
): OrderRepeat {
  return {
    items: repeat.available.map(({ product, quantity, options }) => ({
      options,
      product_id: product.id,
      quantity,
      price: product.price,
      name: product.name,
      image: product.image ? presentImage(request, product.image) : null,
    })),
    missing: repeat.missing,
  };
}
