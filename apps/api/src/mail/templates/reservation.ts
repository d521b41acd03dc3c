/**
 * E-mails about a reservation, in the guest's language (users.language): the booking confirmation,
 * the cancellation (by the guest, or by staff on the guest's behalf), new dates or a new room set by
 * staff, and a no-show, each as HTML and plain text. The .ics of the stay is attached by the caller.
 */
import { CHECK_IN_TIME, CHECK_OUT_TIME, FREE_CANCELLATION_HOURS, formatByn, formatPhone, venue, type Language } from '@hotel/domain';

export interface ReservationMailData {
  id: number;
  /** The guest's first name, when known. */
  name: string | null;
  roomName: string;
  arrival: string;
  departure: string;
  nights: number;
  guestCount: number;
  pricePerNight: number;
  total: number;
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
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const texts = {
  ru: {
    confirmedSubject: (id: number) => `Бронирование №${id} подтверждено — ${venue.name.ru}`,
    cancelledSubject: (id: number) => `Бронирование №${id} отменено — ${venue.name.ru}`,
    greeting: (name: string | null) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    confirmedLead: 'Ваш номер забронирован. Ждём вас в доме 1799 года.',
    cancelledLead: 'Ваше бронирование отменено.',
    room: 'Номер',
    arrival: 'Заезд',
    departure: 'Выезд',
    from: 'с',
    until: 'до',
    nights: (n: number) => `${n} ${plural(n, ['ночь', 'ночи', 'ночей'])}`,
    stay: 'Проживание',
    guests: 'Гостей',
    perNight: 'Цена за ночь',
    total: 'Итого',
    requests: 'Особые пожелания',
    freeCancellation: `Бесплатная отмена — не позднее чем за ${FREE_CANCELLATION_HOURS} часа до заезда; позже стоимость первой ночи списывается с карты.`,
    payment: 'Оплата — в белорусских рублях при заселении. Цены включают НДС и обслуживание.',
    fee: (fee: string) => `Отмена менее чем за ${FREE_CANCELLATION_HOURS} часа до заезда: к оплате стоимость первой ночи — ${fee} BYN.`,
    noFee: 'Отмена бесплатная.',
    lateBooking: `До заезда меньше ${FREE_CANCELLATION_HOURS} часов, поэтому бесплатной отмены у этого бронирования нет: отмена или неявка стоят первой ночи, она списывается с карты.`,
    testPayments: 'Сайт принимает тестовые платежи: это был тестовый платёж, деньги с карты не списывались.',
    guaranteed: (card: string) => `Бронирование гарантировано картой ${card}.`,
    feeCharged: (fee: string, card: string) => `Отмена менее чем за ${FREE_CANCELLATION_HOURS} часа до заезда: стоимость первой ночи, ${fee} BYN, списана с карты ${card}.`,
    feeCharging: (fee: string, card: string) => `Отмена менее чем за ${FREE_CANCELLATION_HOURS} часа до заезда: стоимость первой ночи, ${fee} BYN, списывается с карты ${card}.`,
    feeFailed: (fee: string, card: string) => `Отмена менее чем за ${FREE_CANCELLATION_HOURS} часа до заезда: стоимость первой ночи, ${fee} BYN, не удалось списать с карты ${card}. Мы свяжемся с вами.`,
    feeToConfirm: (fee: string, card: string, url: string) =>
      `Отмена менее чем за ${FREE_CANCELLATION_HOURS} часа до заезда: стоимость первой ночи, ${fee} BYN, списывается с карты ${card}, но банк просит вас подтвердить платёж. Подтвердите его, пожалуйста, по ссылке: ${url}`,
    calendar: 'Во вложении — событие для вашего календаря.',
    movedSubject: (id: number) => `Бронирование №${id}: новые даты — ${venue.name.ru}`,
    movedLead: 'Мы изменили ваше бронирование. Проверьте, пожалуйста, новые даты.',
    was: (room: string, from: string, to: string) => `Было: ${room}, ${from} — ${to}.`,
    movedCalendar: 'Во вложении — событие с новыми датами; оно заменит прежнее в вашем календаре.',
    noShowSubject: (id: number) => `Бронирование №${id}: неявка — ${venue.name.ru}`,
    noShowLead: 'Мы не дождались вас в день заезда, и бронирование закрыто как неявка. Номер на эти даты освобождён.',
    noShowFee: (fee: string) => `По условиям проживания неявка стоит первой ночи: ${fee} BYN.`,
    noShowCharged: (fee: string, card: string) => `По условиям проживания неявка стоит первой ночи: ${fee} BYN списаны с карты ${card}.`,
    noShowCharging: (fee: string, card: string) => `По условиям проживания неявка стоит первой ночи: ${fee} BYN списываются с карты ${card}.`,
    noShowFailed: (fee: string, card: string) => `По условиям проживания неявка стоит первой ночи, ${fee} BYN, но списать их с карты ${card} не удалось. Мы свяжемся с вами.`,
    noShowToConfirm: (fee: string, card: string, url: string) =>
      `По условиям проживания неявка стоит первой ночи: ${fee} BYN списываются с карты ${card}, но банк просит вас подтвердить платёж. Подтвердите его, пожалуйста, по ссылке: ${url}`,
    mistake: 'Если это ошибка, позвоните нам — мы разберёмся.',
    account: 'Бронирования в личном кабинете',
    contacts: 'Вопросы — по телефону',
    currency: 'BYN',
  },
  en: {
    confirmedSubject: (id: number) => `Booking #${id} confirmed — ${venue.name.en}`,
    cancelledSubject: (id: number) => `Booking #${id} cancelled — ${venue.name.en}`,
    greeting: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
    confirmedLead: 'Your room is booked. We look forward to welcoming you to the house of 1799.',
    cancelledLead: 'Your booking has been cancelled.',
    room: 'Room',
    arrival: 'Check-in',
    departure: 'Check-out',
    from: 'from',
    until: 'until',
    nights: (n: number) => `${n} ${n === 1 ? 'night' : 'nights'}`,
    stay: 'Stay',
    guests: 'Guests',
    perNight: 'Price per night',
    total: 'Total',
    requests: 'Special requests',
    freeCancellation: `Cancellation is free up to ${FREE_CANCELLATION_HOURS} hours before arrival; later, the first night is charged to your card.`,
    payment: 'Payment in Belarusian roubles at check-in. Prices include VAT and service.',
    fee: (fee: string) => `Cancelled less than ${FREE_CANCELLATION_HOURS} hours before arrival: the first night is due, ${fee} BYN.`,
    noFee: 'The cancellation is free of charge.',
    lateBooking: `Check-in is less than ${FREE_CANCELLATION_HOURS} hours away, so this booking has no free cancellation: cancelling or not coming costs the first night, charged to your card.`,
    testPayments: 'The site takes test payments: this was a test, no money was taken from the card.',
    guaranteed: (card: string) => `The booking is guaranteed by your card ${card}.`,
    feeCharged: (fee: string, card: string) => `Cancelled less than ${FREE_CANCELLATION_HOURS} hours before arrival: the first night, ${fee} BYN, has been charged to your card ${card}.`,
    feeCharging: (fee: string, card: string) => `Cancelled less than ${FREE_CANCELLATION_HOURS} hours before arrival: the first night, ${fee} BYN, is being charged to your card ${card}.`,
    feeFailed: (fee: string, card: string) => `Cancelled less than ${FREE_CANCELLATION_HOURS} hours before arrival: the first night, ${fee} BYN, could not be charged to your card ${card}. We will be in touch.`,
    feeToConfirm: (fee: string, card: string, url: string) =>
      `Cancelled less than ${FREE_CANCELLATION_HOURS} hours before arrival: the first night, ${fee} BYN, is being charged to your card ${card}, and your bank asks you to confirm the payment. Please confirm it here: ${url}`,
    calendar: 'The stay is attached as a calendar event.',
    movedSubject: (id: number) => `Booking #${id}: new dates — ${venue.name.en}`,
    movedLead: 'We have changed your booking. Please check the new dates.',
    was: (room: string, from: string, to: string) => `It was: ${room}, ${from} – ${to}.`,
    movedCalendar: 'The stay with its new dates is attached as a calendar event; it replaces the one in your calendar.',
    noShowSubject: (id: number) => `Booking #${id}: no-show — ${venue.name.en}`,
    noShowLead: 'We did not see you on the day of arrival, so the booking has been closed as a no-show and the room released.',
    noShowFee: (fee: string) => `Under the terms of stay a no-show costs the first night: ${fee} BYN.`,
    noShowCharged: (fee: string, card: string) => `Under the terms of stay a no-show costs the first night: ${fee} BYN has been charged to your card ${card}.`,
    noShowCharging: (fee: string, card: string) => `Under the terms of stay a no-show costs the first night: ${fee} BYN is being charged to your card ${card}.`,
    noShowFailed: (fee: string, card: string) => `Under the terms of stay a no-show costs the first night, ${fee} BYN, but it could not be charged to your card ${card}. We will be in touch.`,
    noShowToConfirm: (fee: string, card: string, url: string) =>
      `Under the terms of stay a no-show costs the first night: ${fee} BYN is being charged to your card ${card}, and your bank asks you to confirm the payment. Please confirm it here: ${url}`,
    mistake: 'If this is a mistake, please call us and we will sort it out.',
    account: 'Your bookings in the account',
    contacts: 'Questions? Call us',
    currency: 'BYN',
  },
} as const;

function plural(n: number, forms: readonly [string, string, string]): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return forms[0];
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return forms[1];
  return forms[2];
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function longDate(date: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    weekday: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

export type ReservationMailKind = 'confirmed' | 'cancelled' | 'moved' | 'no_show';

/** What a cancellation cost, and what became of charging it to the guaranteeing card. */
function cancellationNote(data: ReservationMailData, language: Language): string {
  const t = texts[language];
  if (!data.cancellationFee) return t.noFee;
  const fee = formatByn(data.cancellationFee, language);
  const charge = data.feeCharge;
  if (!charge) return t.fee(fee);
  if (charge.status === 'succeeded') return t.feeCharged(fee, charge.card);
  if (charge.status === 'pending') return charge.confirmationUrl ? t.feeToConfirm(fee, charge.card, charge.confirmationUrl) : t.feeCharging(fee, charge.card);
  return t.feeFailed(fee, charge.card);
}

/** What a no-show costs, and what became of charging it to the guaranteeing card. */
function noShowNote(data: ReservationMailData, language: Language): string {
  const t = texts[language];
  const fee = formatByn(data.cancellationFee ?? 0, language);
  const charge = data.feeCharge;
  if (!charge) return t.noShowFee(fee);
  if (charge.status === 'succeeded') return t.noShowCharged(fee, charge.card);
  if (charge.status === 'pending') return charge.confirmationUrl ? t.noShowToConfirm(fee, charge.card, charge.confirmationUrl) : t.noShowCharging(fee, charge.card);
  return t.noShowFailed(fee, charge.card);
}

function notesOf(kind: ReservationMailKind, data: ReservationMailData, language: Language): string[] {
  const t = texts[language];
  // Every letter that speaks of a card or a charge says when the payments are only a test.
  const test = data.testPayments ? [t.testPayments] : [];
  switch (kind) {
    case 'confirmed':
      return [data.lateBooking ? t.lateBooking : t.freeCancellation, ...(data.card ? [t.guaranteed(data.card), ...test] : []), t.payment, t.calendar];
    case 'cancelled':
      return [cancellationNote(data, language), ...(data.feeCharge ? test : []), t.calendar];
    case 'moved': {
      const was = data.previous ? [t.was(data.previous.roomName, longDate(data.previous.arrival, language), longDate(data.previous.departure, language))] : [];
      return [...was, t.freeCancellation, t.movedCalendar];
    }
    case 'no_show':
      return [noShowNote(data, language), ...(data.feeCharge ? test : []), t.mistake, t.calendar];
  }
}

const leads = { confirmed: 'confirmedLead', cancelled: 'cancelledLead', moved: 'movedLead', no_show: 'noShowLead' } as const;
const subjects = { confirmed: 'confirmedSubject', cancelled: 'cancelledSubject', moved: 'movedSubject', no_show: 'noShowSubject' } as const;

function render(kind: ReservationMailKind, data: ReservationMailData, language: Language): RenderedMail {
  const t = texts[language];
  const money = (kopecks: number) => `${formatByn(kopecks, language)} ${t.currency}`;
  const rows: [string, string][] = [
    [t.room, data.roomName],
    [t.arrival, `${longDate(data.arrival, language)}, ${t.from} ${CHECK_IN_TIME}`],
    [t.departure, `${longDate(data.departure, language)}, ${t.until} ${CHECK_OUT_TIME}`],
    [t.stay, t.nights(data.nights)],
    [t.guests, String(data.guestCount)],
    [t.perNight, money(data.pricePerNight)],
    [t.total, money(data.total)],
  ];
  if ((kind === 'confirmed' || kind === 'moved') && data.specialRequests) rows.push([t.requests, data.specialRequests]);

  const notes = notesOf(kind, data, language);
  const lead = t[leads[kind]];
  const subject = t[subjects[kind]](data.id);
  const phone = formatPhone(venue.phones.hotel);
  const address = `${venue.address.street[language]}, ${venue.address.city[language]}`;

  const text = [
    t.greeting(data.name),
    '',
    lead,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    ...notes,
    '',
    `${t.account}: ${data.accountUrl}`,
    `${t.contacts}: ${phone}`,
    '',
    `${venue.name[language]} · ${address}`,
  ].join('\n');

  const html = `<!doctype html>
<html lang="${language}">
<body style="margin:0;padding:24px;background:#f6efe6;font-family:Georgia,'Times New Roman',serif;color:#1d1712">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#fbf8f3;border-radius:16px;overflow:hidden">
<tr><td style="background:#2b1d14;color:#f6efe6;padding:24px 32px;font-size:24px;letter-spacing:0.04em">${escapeHtml(venue.name[language])}</td></tr>
<tr><td style="padding:32px">
<p style="margin:0 0 12px;font-size:18px">${escapeHtml(t.greeting(data.name))}</p>
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
<p style="margin:28px 0 0"><a href="${escapeHtml(data.accountUrl)}" style="display:inline-block;background:#2b1d14;color:#fbf8f3;text-decoration:none;padding:12px 22px;border-radius:999px;font-family:Arial,Helvetica,sans-serif;font-size:15px">${escapeHtml(t.account)}</a></p>
</td></tr>
<tr><td style="padding:20px 32px;background:#ece1d2;font-family:Arial,Helvetica,sans-serif;font-size:13px;color:#5e5249">${escapeHtml(address)} · ${escapeHtml(t.contacts)}: <a href="tel:${venue.phones.hotel}" style="color:#5a3d2a">${escapeHtml(phone)}</a></td></tr>
</table>
</body>
</html>`;

  return { subject, text, html };
}

/** Any of the letters about a stay, by kind. */
export function reservationMail(kind: ReservationMailKind, data: ReservationMailData, language: Language): RenderedMail {
  return render(kind, data, language);
}
