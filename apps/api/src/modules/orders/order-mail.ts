/**
 * Tells the guest about their order by e-mail, in their language: the receipt once it is paid,
 * then a letter on each change of status. A mail failure is logged and never undoes the change.
 */
import type { FastifyInstance } from 'fastify';
import { expectedDeliveryAt, textIn, type Language, type OrderStatus } from '@hotel/domain';
import { textsIn } from '../../i18n';
import { orderLetter, type OrderLetterKind } from '../../mail/templates/order';
import { findOrderById, type OrderRecord } from './orders';
import { findUser } from './repository';

const KIND_OF_STATUS: Partial<Record<OrderStatus, OrderLetterKind>> = {
  accepted: 'receipt',
  in_progress: 'in_progress',
  delivering: 'delivering',
  completed: 'completed',
  canceled: 'canceled',
  stashed: 'stashed',
};

function addressLine({ order }: OrderRecord, language: Language): string {
  const { address } = order;
  const t = textsIn(language);
  if (order.roomName) return t('address.roomService', { room: textIn(order.roomName, language) });
  return [
    address.address,
    address.entrance && t('address.entrance', { value: address.entrance }),
    address.floor && t('address.floor', { value: address.floor }),
    address.apartment && t('address.apartment', { value: address.apartment }),
    address.intercom && t('address.intercom', { value: address.intercom }),
  ]
    .filter(Boolean)
    .join(', ');
}

export interface OrderMailOptions {
  /** The site's origin for the link to the account (PUBLIC_URL, else the request's). */
  origin?: string | undefined;
  refunded?: boolean;
  /** The order was cancelled because its payment came after ordering closed (lifecycle.ts). */
  tooLate?: boolean;
}

/** Sends the letter that belongs to the order's current status. */
export async function sendOrderMail(app: FastifyInstance, orderId: number, options: OrderMailOptions = {}): Promise<void> {
  try {
    const record = await findOrderById(app.db, orderId);
    if (!record) return;
    const kind = KIND_OF_STATUS[record.order.status];
    if (!kind) return;
    const user = await findUser(app.db, record.order.userId);
    if (!user) return;
    const language = user.language;
    const origin = options.origin ?? app.env.PUBLIC_URL?.replace(/\/$/, '');
    const letter = orderLetter(
      kind,
      {
        id: record.order.id,
        name: user.firstName,
        items: record.items.map((item) => ({
          name: textIn(item.name, language),
          price: item.price,
          quantity: item.quantity,
          options: item.options.map((option) => textIn(option.name, language)),
        })),
        summary: {
          items: record.order.itemsTotal,
          delivery: record.order.deliveryFee,
          packaging: record.order.packaging,
          discount: record.order.discount,
          total: record.order.total,
        },
        promo: record.order.promoCode ? { code: record.order.promoCode, discount: record.order.promoDiscount } : null,
        address: addressLine(record, language),
        comment: record.order.comment,
        // "Paid with" only for an order that was paid, naming the card that paid it.
        card: record.order.paidAt && record.card?.cardLast4 ? `${(record.card.brand ?? 'card').toUpperCase()} •••• ${record.card.cardLast4}` : null,
        expectedAt: record.order.paidAt ? (record.order.deliverAt ?? expectedDeliveryAt(record.order.paidAt)) : null,
        deliverAt: record.order.deliverAt,
        refunded: options.refunded ?? false,
        tooLate: options.tooLate ?? false,
        cancelReason: record.order.cancelReason,
        accountUrl: origin ? `${origin}/account/orders` : null,
        testPayments: app.paymentGateway.provider === 'sandbox',
      },
      language,
    );
    await app.mailer.send({ to: user.email, subject: letter.subject, text: letter.text, html: letter.html });
  } catch (error) {
    app.log.error({ err: error, orderId }, 'order mail not sent');
  }
}
