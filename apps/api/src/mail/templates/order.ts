/**
 * Letters about a food order, in the guest's language (users.language): the receipt when the
 * payment went through (dishes, totals, address, when the courier is expected), and one on each
 * later change of status. HTML and plain text.
 */
import { addDays, formatByn, formatPhone, HOTEL_TIME_ZONE, hotelToday, REFUND_CREDIT_DAYS, SLOT_MINUTES, venue, type Language } from '@hotel/domain';
import { textsIn } from '../../i18n';
import { guestGreeting } from './greetings';
import { escapeHtml, type MailContent } from './layout';

export type OrderLetterKind = 'receipt' | 'in_progress' | 'delivering' | 'completed' | 'canceled' | 'stashed';

export interface OrderLetterData {
  id: number;
  name: string | null;
  /** Each dish with the names of its chosen options; `price` is one portion with them. */
  items: { name: string; price: number; quantity: number; options?: string[] }[];
  summary: { items: number; delivery: number; packaging: number; discount: number; total: number };
  /** The promo code of the order and its part of the discount (decision 043). */
  promo?: { code: string; discount: number } | null;
  address: string;
  comment: string;
  card: string | null;
  /** When the courier is expected (the receipt). */
  expectedAt: Date | null;
  /** The 30-minute slot the guest chose (its start); null: as soon as possible. */
  deliverAt?: Date | null;
  /** A paid order cancelled: its money goes back to the card (the letter names the day it is there at the latest). */
  refunded: boolean;
  /** Cancelled because its payment came after ordering had closed: the kitchen could no longer take it. */
  tooLate?: boolean;
  /** Why the hotel cancelled the order ('' when the guest did). */
  cancelReason?: string;
  /** Link to the account's orders, when the site's address is known. */
  accountUrl: string | null;
  /** The payment provider is the sandbox: whatever the letter says of payments, no money moved. */
  testPayments?: boolean;
}

const timeFormats: Partial<Record<Language, Intl.DateTimeFormat>> = {};
const dayFormats: Partial<Record<Language, Intl.DateTimeFormat>> = {};

/** "26 November, 18:30–19:00": the slot on the hotel's clock. */
function slotText(at: Date, language: Language): string {
  dayFormats[language] ??= new Intl.DateTimeFormat(textsIn(language)('dateLocale'), { day: 'numeric', month: 'long', timeZone: HOTEL_TIME_ZONE });
  return `${dayFormats[language]!.format(at)}, ${hotelTime(at, language)}–${hotelTime(new Date(at.getTime() + SLOT_MINUTES * 60_000), language)}`;
}

/** "15:05" on the hotel's clock, where the courier drives. */
function hotelTime(date: Date, language: Language): string {
  timeFormats[language] ??= new Intl.DateTimeFormat(textsIn(language)('dateLocale'), { hour: '2-digit', minute: '2-digit', timeZone: HOTEL_TIME_ZONE });
  return timeFormats[language]!.format(date);
}

/** The day a refund started today is on the card at the latest: "3 декабря", "3 December". */
function refundDate(language: Language): string {
  const day = addDays(hotelToday(), REFUND_CREDIT_DAYS);
  return new Intl.DateTimeFormat(textsIn(language)('dateLocale'), { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

export function orderLetter(kind: OrderLetterKind, data: OrderLetterData, language: Language): MailContent {
  const t = textsIn(language);
  const greeting = guestGreeting(language, data.name);
  // An order at 0 BYN was accepted without a payment (issue 42): its receipt says so, and nothing of a card or a test payment.
  const free = kind === 'receipt' && data.summary.total === 0;
  const lead = t(free ? 'order.lead.receiptFree' : `order.lead.${kind}`);
  const money = (kopecks: number) => `${formatByn(kopecks, language)} BYN`;
  const subject = `${t(free ? 'order.subject.receiptFree' : `order.subject.${kind}`, { id: data.id })} — ${venue.name[language]}`;
  const withDetails = kind === 'receipt' || kind === 'canceled';
  const notes = [
    ...(kind === 'receipt' && data.expectedAt ? [t('order.expected', { time: hotelTime(data.expectedAt, language) })] : []),
    ...(kind === 'canceled' && data.tooLate ? [t('order.tooLate')] : []),
    ...(kind === 'canceled' && data.cancelReason ? [t('order.reason', { reason: data.cancelReason })] : []),
    ...(kind === 'canceled' && data.refunded ? [t('order.refunded', { date: refundDate(language) })] : []),
    ...(data.testPayments && !free && (kind === 'receipt' || data.card !== null || data.refunded) ? [t('testPayments')] : []),
  ];
  const lines = data.items.map((item) => ({
    label: `${item.name}${item.options?.length ? ` (${item.options.join(', ')})` : ''} × ${item.quantity}`,
    value: money(item.price * item.quantity),
  }));
  const summary = [
    { label: t('order.dishes'), value: money(data.summary.items) },
    { label: t('order.delivery'), value: money(data.summary.delivery) },
    ...(data.summary.packaging ? [{ label: t('order.packaging'), value: money(data.summary.packaging) }] : []),
    ...(data.summary.discount ? [{ label: t('order.discount'), value: `−${money(data.summary.discount)}` }] : []),
    ...(data.promo ? [{ label: t('order.promo', { code: data.promo.code }), value: `−${money(data.promo.discount)}` }] : []),
  ];
  const facts = [
    { label: t('order.when'), value: data.deliverAt ? slotText(data.deliverAt, language) : t('order.asap') },
    { label: t('order.address'), value: data.address },
    ...(data.comment ? [{ label: t('order.comment'), value: data.comment }] : []),
    ...(data.card ? [{ label: t('order.card'), value: data.card }] : []),
  ];
  const phone = venue.phones.delivery;

  const text = [
    greeting,
    '',
    lead,
    ...notes.flatMap((note) => ['', note]),
    '',
    ...(withDetails
      ? [
          ...lines.map((l) => `${l.label}: ${l.value}`),
          ...summary.map((l) => `${l.label}: ${l.value}`),
          `${t('order.total')}: ${money(data.summary.total)}`,
          '',
          ...facts.map((f) => `${f.label}: ${f.value}`),
          '',
        ]
      : []),
    ...(data.accountUrl ? [`${t('order.account')}: ${data.accountUrl}`] : []),
    `${t('order.questions')}: ${formatPhone(phone)}`,
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
<p style="margin:0 0 12px;font-size:18px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px;font-size:18px">${escapeHtml(lead)}</p>
${notes.map((note) => `<p style="margin:0 0 16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#2f6b45">${escapeHtml(note)}</p>`).join('\n')}
${
  withDetails
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:8px;font-family:Arial,Helvetica,sans-serif;font-size:15px;border-top:1px solid #ece1d2">
${[...lines, ...summary].map((l) => row(l.label, l.value)).join('\n')}
${row(t('order.total'), money(data.summary.total), true)}
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:20px;font-family:Arial,Helvetica,sans-serif;font-size:15px">
${facts.map((f) => row(f.label, f.value)).join('\n')}
</table>`
    : ''
}
${data.accountUrl ? `<p style="margin:28px 0 0"><a href="${escapeHtml(data.accountUrl)}" style="display:inline-block;background:#2b1d14;color:#fbf8f3;text-decoration:none;padding:12px 22px;border-radius:999px;font-family:Arial,Helvetica,sans-serif;font-size:15px">${escapeHtml(t('order.account'))}</a></p>` : ''}
</td></tr>
<tr><td style="padding:20px 32px;background:#ece1d2;font-family:Arial,Helvetica,sans-serif;font-size:13px;color:#5e5249">${escapeHtml(t('order.questions'))}: <a href="tel:${phone}" style="color:#5a3d2a">${escapeHtml(formatPhone(phone))}</a></td></tr>
</table>
</body>
</html>`;
  return { subject, text, html };
}
