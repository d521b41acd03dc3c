/**
 * E-mails about a reservation, in the guest's language (users.language): the booking confirmation,
 * the cancellation (by the guest, or by staff on the guest's behalf), new dates or a new room set by
 * staff, and a no-show, each as HTML and plain text. The .ics of the stay is attached by the caller.
 */
import { CHECK_IN_TIME, CHECK_OUT_TIME, formatByn, formatPhone, hotelClock, hotelToday, venue, type Language, type PriceRun } from '@hotel/domain';
import { textsIn } from '../../i18n';
import { guestGreeting } from './greetings';

export interface ReservationMailData {
  id: number;
  /** The guest's first name, when known. */
  name: string | null;
  roomName: string;
  arrival: string;
  departure: string;
  nights: number;
  guestCount: number;
  /** The first night's price (the guarantee). */
  pricePerNight: number;
  total: number;
  /** The promo code it was booked with and what it took off; `total` is after it (decision 043). */
  promo?: { code: string; discount: number } | null;
  /** The nights in runs of one price; the letter lists them when there are several (issue 23). */
  priceRuns?: PriceRun[];
  /** Extras taken with the stay (decision 044), in the guest's language: part of `total`, not of the first night. */
  extras?: { name: string; quantity: number; unitPrice: number; times: number; total: number }[];
  specialRequests: string;
  /** Link to the reservations page of the account. */
  accountUrl: string;
  /** Cancellation only: what it costs (0 when free). */
  cancellationFee?: number;
  /** The card that guarantees the booking ("VISA •••• 4242"). */
  card?: string | null;
  /** Cancellation and no-show only: how charging the fee to that card went. */
  /** Where the charge stands; `confirmationUrl` when the bank asks the guest to confirm it (3-D Secure). */
  feeCharge?: { status: 'pending' | 'succeeded' | 'canceled'; card: string; confirmationUrl?: string | undefined } | null;
  /** A move only: the stay as it was before. */
  previous?: { roomName: string; arrival: string; departure: string } | null;
  /** Booked already less than 24 hours before check-in: no free cancellation to promise. */
  lateBooking?: boolean;
  /** The payment provider is the sandbox: whatever the letter says of charges, no money moved. */
  testPayments?: boolean;
  /** The non-refundable rate (decision 045): paid in full at booking, no refund on cancellation. */
  nonRefundable?: { discount: number } | null;
  /** Money given back (a payment that came after the booking's hold ran out): how much, and the day (YYYY-MM-DD) it is on the card at the latest. */
  refund?: { amount: number; by: string } | null;
  /** Paid (or to be paid) by an ERIP bill: the path in ERIP in the guest's language, the bill's number, and until when it may be paid. */
  erip?: { path: string; bill: string; expiresAt: Date | null } | null;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function longDate(date: string, language: Language): string {
  return new Intl.DateTimeFormat(textsIn(language)('dateLocale'), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    weekday: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** `payment_refunded`: the payment came after the hold ran out, so nothing was booked and the money goes back. */
/** `erip_bill`: a non-refundable stay held until its ERIP bill is paid: the path in ERIP, the number, the deadline (decision 058). */
export type ReservationMailKind = 'confirmed' | 'cancelled' | 'moved' | 'no_show' | 'payment_refunded' | 'erip_bill';

/** What a cancellation cost, and what became of charging it to the guaranteeing card. */
function cancellationNote(data: ReservationMailData, language: Language): string {
  if (!data.cancellationFee) return textsIn(language)('reservation.fee.none');
  return feeNote('fee', data, language);
}

/** What a no-show costs, and what became of charging it to the guaranteeing card. */
function noShowNote(data: ReservationMailData, language: Language): string {
  return feeNote('noShowFee', data, language);
}

/** The fee, and how charging it went: due (no card charged), charged, charging, to confirm at the bank, failed. */
function feeNote(texts: 'fee' | 'noShowFee', data: ReservationMailData, language: Language): string {
  const t = textsIn(language);
  const fee = formatByn(data.cancellationFee ?? 0, language);
  const charge = data.feeCharge;
  if (!charge) return t(`reservation.${texts}.due`, { fee });
  const values = { fee, card: charge.card };
  if (charge.status === 'succeeded') return t(`reservation.${texts}.charged`, values);
  if (charge.status === 'pending') {
    return charge.confirmationUrl
      ? t(`reservation.${texts}.toConfirm`, { ...values, url: charge.confirmationUrl })
      : t(`reservation.${texts}.charging`, values);
  }
  return t(`reservation.${texts}.failed`, values);
}

function notesOf(kind: ReservationMailKind, data: ReservationMailData, language: Language): string[] {
  const t = textsIn(language);
  // Every letter that speaks of a card or a charge says when the payments are only a test.
  const test = data.testPayments ? [t('testPayments')] : [];
  switch (kind) {
    case 'confirmed':
      if (data.nonRefundable) {
        // A stay at 0 BYN was never charged (issue 42): the letter says no payment was needed, and nothing of a test payment.
        if (data.total === 0) return [t('reservation.nothingToPay'), t('reservation.nonRefundable.terms'), t('reservation.calendar')];
        return [
          data.erip ? t('reservation.nonRefundable.paidErip', { bill: data.erip.bill }) : t('reservation.nonRefundable.paid', { card: data.card ?? '' }),
          ...test,
          t('reservation.nonRefundable.terms'),
          t('reservation.calendar'),
        ];
      }
      // The card only guarantees a flexible booking: nothing was charged, so the sandbox's note speaks of a guarantee, not a payment.
      return [
        t(data.lateBooking ? 'reservation.lateBooking' : 'reservation.freeCancellation'),
        ...(data.card ? [t('reservation.guaranteed', { card: data.card }), ...(data.testPayments ? [t('reservation.testGuarantee')] : [])] : []),
        t(data.total === 0 ? 'reservation.nothingToPay' : 'reservation.payment'),
        t('reservation.calendar'),
      ];
    case 'cancelled':
      if (data.nonRefundable) return [t('reservation.nonRefundable.cancelled'), t('reservation.calendar')];
      return [cancellationNote(data, language), ...(data.feeCharge ? test : []), t('reservation.calendar')];
    case 'moved': {
      const was = data.previous
        ? [
            t('reservation.was', {
              room: data.previous.roomName,
              from: longDate(data.previous.arrival, language),
              to: longDate(data.previous.departure, language),
            }),
          ]
        : [];
      return [...was, t('reservation.freeCancellation'), t('reservation.movedCalendar')];
    }
    case 'erip_bill':
      return [
        t('reservation.eripPath', { path: data.erip?.path ?? '' }),
        t('reservation.eripBill', { bill: data.erip?.bill ?? '' }),
        ...(data.erip?.expiresAt
          ? [t('reservation.eripUntil', { date: longDate(hotelToday(data.erip.expiresAt), language), time: hotelClock(data.erip.expiresAt) })]
          : []),
        ...(data.testPayments ? [t('reservation.testErip')] : []),
        t('reservation.nonRefundable.terms'),
      ];
    case 'payment_refunded':
      if (data.erip) {
        return [t('reservation.refundErip', { amount: formatByn(data.refund?.amount ?? data.total, language), date: longDate(data.refund?.by ?? data.arrival, language) }), ...test];
      }
      return [
        t('reservation.refund', { amount: formatByn(data.refund?.amount ?? data.total, language), card: data.card ?? '', date: longDate(data.refund?.by ?? data.arrival, language) }),
        ...test,
      ];
    case 'no_show':
      if (data.nonRefundable) return [t('reservation.nonRefundable.cancelled'), t('reservation.mistake'), t('reservation.calendar')];
      return [noShowNote(data, language), ...(data.feeCharge ? test : []), t('reservation.mistake'), t('reservation.calendar')];
  }
}

function render(kind: ReservationMailKind, data: ReservationMailData, language: Language): RenderedMail {
  const t = textsIn(language);
  const money = (kopecks: number) => `${formatByn(kopecks, language)} BYN`;
  const rows: [string, string][] = [
    [t('reservation.room'), data.roomName],
    [t('reservation.arrival'), t('reservation.arrivalTime', { date: longDate(data.arrival, language), time: CHECK_IN_TIME })],
    [t('reservation.departure'), t('reservation.departureTime', { date: longDate(data.departure, language), time: CHECK_OUT_TIME })],
    [t('reservation.stay'), t('reservation.nights', { count: data.nights })],
    [t('reservation.guests'), String(data.guestCount)],
    ...(data.priceRuns && data.priceRuns.length > 1
      ? ([
          // A prepaid stay guarantees nothing with a first night (issue 48, point 5): its nights are listed.
          ...(data.nonRefundable ? [] : [[t('reservation.firstNight'), money(data.pricePerNight)]]),
          [
            t('reservation.byNight'),
            data.priceRuns
              .map((run) => t('reservation.run', { nights: t('reservation.nights', { count: run.nights }), price: money(run.price_per_night), date: longDate(run.first_night, language) }))
              .join('; '),
          ],
        ] as [string, string][])
      : ([[t('reservation.perNight'), money(data.pricePerNight)]] as [string, string][])),
    ...(data.nonRefundable
      ? ([
          [t('reservation.rate'), t('reservation.nonRefundable.name')],
          [t('reservation.discount'), `−${money(data.nonRefundable.discount)}`],
        ] as [string, string][])
      : []),
    ...(data.extras ?? []).map((extra): [string, string] => [
      t('reservation.extra', { name: extra.name }),
      extra.times > 1
        ? t('reservation.extraNightly', { quantity: extra.quantity, price: money(extra.unitPrice), nights: t('reservation.nights', { count: extra.times }), total: money(extra.total) })
        : t('reservation.extraOnce', { quantity: extra.quantity, price: money(extra.unitPrice), total: money(extra.total) }),
    ]),
    ...(data.promo ? ([[t('reservation.promo', { code: data.promo.code }), `−${money(data.promo.discount)}`]] as [string, string][]) : []),
    [t('reservation.total'), money(data.total)],
  ];
  if ((kind === 'confirmed' || kind === 'moved') && data.specialRequests) rows.push([t('reservation.requests'), data.specialRequests]);

  const notes = notesOf(kind, data, language);
  const greeting = guestGreeting(language, data.name);
  const lead = t(`reservation.lead.${kind}`);
  const subject = t(`reservation.subject.${kind}`, { id: data.id, bill: data.erip?.bill ?? '' });
  const phone = formatPhone(venue.phones.hotel);
  const address = `${venue.address.street[language]}, ${venue.address.city[language]}`;

  const text = [
    greeting,
    '',
    lead,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    ...notes,
    '',
    `${t('reservation.account')}: ${data.accountUrl}`,
    `${t('reservation.contacts')}: ${phone}`,
    '',
    `${venue.name[language]} · ${address}`,
  ].join('\n');

  const html = `<!doctype html>
<html lang="${language}">
<body style="margin:0;padding:24px;background:#f6efe6;font-family:Georgia,'Times New Roman',serif;color:#1d1712">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#fbf8f3;border-radius:16px;overflow:hidden">
<tr><td style="background:#2b1d14;color:#f6efe6;padding:24px 32px;font-size:24px;letter-spacing:0.04em">${escapeHtml(venue.name[language])}</td></tr>
<tr><td style="padding:32px">
<p style="margin:0 0 12px;font-size:18px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px;font-size:18px">${escapeHtml(lead)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-family:Arial,Helvetica,sans-serif;font-size:15px;border-top:1px solid #ece1d2">
${rows
  .map(
    ([label, value]) =>
      `<tr><td style="padding:10px 0;color:#6f6259;border-bottom:1px solid #ece1d2">${escapeHtml(label)}</td><td style="padding:10px 0;text-align:right;border-bottom:1px solid #ece1d2">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>
${notes.map((note) => `<p style="margin:16px 0 0;font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#5e5249">${escapeHtml(note)}</p>`).join('\n')}
<p style="margin:28px 0 0"><a href="${escapeHtml(data.accountUrl)}" style="display:inline-block;background:#2b1d14;color:#fbf8f3;text-decoration:none;padding:12px 22px;border-radius:999px;font-family:Arial,Helvetica,sans-serif;font-size:15px">${escapeHtml(t('reservation.account'))}</a></p>
</td></tr>
<tr><td style="padding:20px 32px;background:#ece1d2;font-family:Arial,Helvetica,sans-serif;font-size:13px;color:#5e5249">${escapeHtml(address)} · ${escapeHtml(t('reservation.contacts'))}: <a href="tel:${venue.phones.hotel}" style="color:#5a3d2a">${escapeHtml(phone)}</a></td></tr>
</table>
</body>
</html>`;

  return { subject, text, html };
}

/** Any of the letters about a stay, by kind. */
export function reservationMail(kind: ReservationMailKind, data: ReservationMailData, language: Language): RenderedMail {
  return render(kind, data, language);
}
