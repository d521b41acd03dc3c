/**
 * Letters about a food order, in the guest's language (users.language): the receipt when the
 * payment went through (dishes, totals, address, when the courier is expected), and one on each
 * later change of status. HTML and plain text.
 */
import { addDays, formatByn, formatPhone, HOTEL_TIME_ZONE, hotelToday, REFUND_CREDIT_DAYS, venue, type Language } from '@hotel/domain';
import { escapeHtml, type MailContent } from './layout';

export type OrderLetterKind = 'receipt' | 'in_progress' | 'delivering' | 'completed' | 'canceled' | 'stashed';

export interface OrderLetterData {
  id: number;
  name: string | null;
  items: { name: string; price: number; quantity: number }[];
  summary: { items: number; delivery: number; packaging: number; discount: number; total: number };
  address: string;
  comment: string;
  card: string | null;
  /** When the courier is expected (the receipt). */
  expectedAt: Date | null;
  /** A paid order cancelled: its money goes back to the card (the letter names the day it is there at the latest). */
  refunded: boolean;
  /** Why the hotel cancelled the order ('' when the guest did). */
  cancelReason?: string;
  /** Link to the account's orders, when the site's address is known. */
  accountUrl: string | null;
  /** The payment provider is the sandbox: whatever the letter says of payments, no money moved. */
  testPayments?: boolean;
}

const texts = {
  ru: {
    subject: {
      receipt: (id: number) => `Заказ №${id} оплачен и принят`,
      in_progress: (id: number) => `Заказ №${id} готовится`,
      delivering: (id: number) => `Заказ №${id} в пути`,
      completed: (id: number) => `Заказ №${id} доставлен`,
      canceled: (id: number) => `Заказ №${id} отменён`,
      stashed: (id: number) => `Заказ №${id} не оплачен и отменён`,
    },
    lead: {
      receipt: 'Спасибо! Оплата прошла, кухня уже знает о вашем заказе.',
      in_progress: 'Повара взялись за ваш заказ.',
      delivering: 'Курьер забрал заказ и едет к вам.',
      completed: 'Заказ доставлен. Приятного аппетита!',
      canceled: 'Ваш заказ отменён.',
      stashed: 'Заказ так и не был оплачен, поэтому мы его отменили. Если он ещё нужен — повторите его в личном кабинете.',
    },
    greeting: (name: string | null) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    expected: (time: string) => `Курьер привезёт заказ к ${time}.`,
    reason: (reason: string) => `Причина: ${reason}`,
    refunded: (date: string) => `Деньги вернутся на карту, которой был оплачен заказ, не позднее ${date}: так долго банк может зачислять возврат.`,
    dishes: 'Блюда',
    delivery: 'Доставка',
    packaging: 'Упаковка',
    discount: 'Скидка',
    total: 'Итого',
    address: 'Адрес доставки',
    comment: 'Комментарий для курьера',
    card: 'Оплачено картой',
    testPayments: 'Сайт принимает тестовые платежи: это был тестовый платёж, деньги с карты не списывались.',
    account: 'Заказы в личном кабинете',
    questions: 'Вопросы о доставке — по телефону',
  },
  en: {
    subject: {
      receipt: (id: number) => `Order #${id} paid and accepted`,
      in_progress: (id: number) => `Order #${id} is being cooked`,
      delivering: (id: number) => `Order #${id} is on the way`,
      completed: (id: number) => `Order #${id} delivered`,
      canceled: (id: number) => `Order #${id} cancelled`,
      stashed: (id: number) => `Order #${id} not paid and cancelled`,
    },
    lead: {
      receipt: 'Thank you! The payment went through and the kitchen has your order.',
      in_progress: 'Our cooks have started on your order.',
      delivering: 'The courier has picked up your order and is on the way.',
      completed: 'Your order has been delivered. Enjoy your meal!',
      canceled: 'Your order has been cancelled.',
      stashed: 'The order was never paid for, so we have cancelled it. If you still want it, repeat it from your account.',
    },
    greeting: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
    expected: (time: string) => `The courier is due by ${time}.`,
    reason: (reason: string) => `Reason: ${reason}`,
    refunded: (date: string) => `The money goes back to the card the order was paid with by ${date} at the latest: that is how long a bank may take to credit a refund.`,
    dishes: 'Dishes',
    delivery: 'Delivery',
    packaging: 'Packaging',
    discount: 'Discount',
    total: 'Total',
    address: 'Delivery address',
    comment: 'Note for the courier',
    card: 'Paid with',
    testPayments: 'The site takes test payments: this was a test, no money was taken from the card.',
    account: 'Your orders in the account',
    questions: 'Questions about delivery? Call',
  },
} as const;

const timeFormats: Partial<Record<Language, Intl.DateTimeFormat>> = {};

/** "15:05" on the hotel's clock, where the courier drives. */
function hotelTime(date: Date, language: Language): string {
  timeFormats[language] ??= new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', { hour: '2-digit', minute: '2-digit', timeZone: HOTEL_TIME_ZONE });
  return timeFormats[language]!.format(date);
}

/** The day a refund started today is on the card at the latest: "3 декабря", "3 December". */
function refundDate(language: Language): string {
  const day = addDays(hotelToday(), REFUND_CREDIT_DAYS);
  return new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

export function orderLetter(kind: OrderLetterKind, data: OrderLetterData, language: Language): MailContent {
  const t = texts[language];
  const money = (kopecks: number) => `${formatByn(kopecks, language)} BYN`;
  const subject = `${t.subject[kind](data.id)} — ${venue.name[language]}`;
  const withDetails = kind === 'receipt' || kind === 'canceled';
  const notes = [
    ...(kind === 'receipt' && data.expectedAt ? [t.expected(hotelTime(data.expectedAt, language))] : []),
    ...(kind === 'canceled' && data.cancelReason ? [t.reason(data.cancelReason)] : []),
    ...(kind === 'canceled' && data.refunded ? [t.refunded(refundDate(language))] : []),
    ...(data.testPayments && (kind === 'receipt' || data.card !== null || data.refunded) ? [t.testPayments] : []),
  ];
  const lines = data.items.map((item) => ({ label: `${item.name} × ${item.quantity}`, value: money(item.price * item.quantity) }));
  const summary = [
    { label: t.dishes, value: money(data.summary.items) },
    { label: t.delivery, value: money(data.summary.delivery) },
    ...(data.summary.packaging ? [{ label: t.packaging, value: money(data.summary.packaging) }] : []),
    ...(data.summary.discount ? [{ label: t.discount, value: `−${money(data.summary.discount)}` }] : []),
  ];
  const facts = [
    { label: t.address, value: data.address },
    ...(data.comment ? [{ label: t.comment, value: data.comment }] : []),
    ...(data.card ? [{ label: t.card, value: data.card }] : []),
  ];
  const phone = venue.phones.delivery;

  const text = [
    t.greeting(data.name),
    '',
    t.lead[kind],
    ...notes.flatMap((note) => ['', note]),
    '',
    ...(withDetails
      ? [
          ...lines.map((l) => `${l.label}: ${l.value}`),
          ...summary.map((l) => `${l.label}: ${l.value}`),
          `${t.total}: ${money(data.summary.total)}`,
          '',
          ...facts.map((f) => `${f.label}: ${f.value}`),
          '',
        ]
      : []),
    ...(data.accountUrl ? [`${t.account}: ${data.accountUrl}`] : []),
    `${t.questions}: ${formatPhone(phone)}`,
    '',
    venue.name[language],
    '',
  ].join('\n');

  const row = (label: string, value: string, strong = false) =>
    `<tr><td style="padding:8px 0;color:${strong ? '#1d1712' : '#6f6259'};border-bottom:1px solid #ece1d2${strong ? ';font-weight:bold' : ''}">${escapeHtml(label)}</td><td style="padding:8px 0;text-align:right;border-bottom:1px solid #ece1d2${strong ? ';font-weight:bold' : ''}">${escapeHtml(value)}</td></tr>`;
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6efe6;font-family:Georgia,'Times New Roman',serif;color:#1d1712">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#fbf8f3;border-radius:16px;overflow:hidden">
<tr><td style="background:#2b1d14;color:#f6efe6;padding:24px 32px;font-size:24px;letter-spacing:0.04em">${escapeHtml(venue.name[language])}</td></tr>
<tr><td style="padding:32px">
<p style="margin:0 0 12px;font-size:18px">${escapeHtml(t.greeting(data.name))}</p>
<p style="margin:0 0 16px;font-size:18px">${escapeHtml(t.lead[kind])}</p>
${notes.map((note) => `<p style="margin:0 0 16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#2f6b45">${escapeHtml(note)}</p>`).join('\n')}
${
  withDetails
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:8px;font-family:Arial,Helvetica,sans-serif;font-size:15px;border-top:1px solid #ece1d2">
${[...lines, ...summary].map((l) => row(l.label, l.value)).join('\n')}
${row(t.total, money(data.summary.total), true)}
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:20px;font-family:Arial,Helvetica,sans-serif;font-size:15px">
${facts.map((f) => row(f.label, f.value)).join('\n')}
</table>`
    : ''
}
${data.accountUrl ? `<p style="margin:28px 0 0"><a href="${escapeHtml(data.accountUrl)}" style="display:inline-block;background:#2b1d14;color:#fbf8f3;text-decoration:none;padding:12px 22px;border-radius:999px;font-family:Arial,Helvetica,sans-serif;font-size:15px">${escapeHtml(t.account)}</a></p>` : ''}
</td></tr>
<tr><td style="padding:20px 32px;background:#ece1d2;font-family:Arial,Helvetica,sans-serif;font-size:13px;color:#5e5249">${escapeHtml(t.questions)}: <a href="tel:${phone}" style="color:#5a3d2a">${escapeHtml(formatPhone(phone))}</a></td></tr>
</table>
</body>
</html>`;
  return { subject, text, html };
}
