/**
 * The bill of a stay (issue 45, point 4; docs/decisions/055-folio.md): its lines (what the guest
 * owes) and its payments (what the guest paid), and the arithmetic both sides agree on. Money is in
 * kopecks; a correction is a line of its own, never an edit.
 */
import type { Kopecks } from '../money';

/** Lines staff or the house write to a bill; the nights, extras and the stay's discounts are derived from the booking. */
export const FOLIO_LINE_KINDS = ['room_service', 'posted', 'fee', 'discount', 'adjustment'] as const;
export type FolioLineKind = (typeof FOLIO_LINE_KINDS)[number];

/** Every kind of line a bill shows: the derived ones first. */
export const FOLIO_VIEW_LINE_KINDS = ['nights', 'extra', 'stay_discount', 'cancellation_fee', ...FOLIO_LINE_KINDS] as const;
export type FolioViewLineKind = (typeof FOLIO_VIEW_LINE_KINDS)[number];

/** How a payment reached the bill: online before arrival, the saved card charged from the desk, or at the desk. */
export const DESK_PAYMENT_METHODS = ['cash', 'card_terminal', 'bank_transfer'] as const;
export type DeskPaymentMethod = (typeof DESK_PAYMENT_METHODS)[number];
/** `erip`: an ERIP bill the desk issued for the balance, paid from the guest's bank app (decision 058). */
export const FOLIO_PAYMENT_METHODS = ['online', 'saved_card', 'erip', ...DESK_PAYMENT_METHODS] as const;
export type FolioPaymentMethod = (typeof FOLIO_PAYMENT_METHODS)[number];
/** The desk's money by method for the shift's hand-over: what was taken at the desk and the saved card charged from it. */
export const DESK_MONEY_METHODS = [...DESK_PAYMENT_METHODS, 'saved_card'] as const;
export type DeskMoneyMethod = (typeof DESK_MONEY_METHODS)[number];

/** The largest single charge staff post to a room: 5,000 BYN. A bar tab past that is a typo or a banquet's invoice. */
export const FOLIO_CHARGE_MAX_KOPECKS = 500_000;
/** The largest single payment the desk records: 50,000 BYN. */
export const FOLIO_PAYMENT_MAX_KOPECKS = 5_000_000;

/** Belarus' standard VAT rate, in percent; the terms say prices include it (spec: "prices include VAT and service"). */
export const VAT_PERCENT = 20;

/** The VAT contained in a price that includes it: 1,200.00 at 20 % holds 200.00; rounded to the kopeck. */
export function vatIncluded(total: Kopecks, percent: number = VAT_PERCENT): Kopecks {
  if (total <= 0) return 0;
  return Math.round((total * percent) / (100 + percent));
}

export interface FolioAmounts {
  /** Every line's amount: charges positive, discounts and corrections negative. */
  lines: readonly { amount: Kopecks }[];
  /** Every payment's amount, each positive. */
  payments: readonly { amount: Kopecks }[];
}

export interface FolioTotals {
  charges: Kopecks;
  paid: Kopecks;
  /** What the guest still owes; negative when they paid more than the bill (a credit to give back). */
  balance: Kopecks;
  vat: Kopecks;
}

/** Balance = charges − payments. Charges never fall below zero on paper: discounts larger than the bill leave it at 0. */
export function folioTotals({ lines, payments }: FolioAmounts): FolioTotals {
  const charges = Math.max(0, lines.reduce((sum, line) => sum + line.amount, 0));
  const paid = payments.reduce((sum, payment) => sum + payment.amount, 0);
  return { charges, paid, balance: charges - paid, vat: vatIncluded(charges) };
}

export type PaymentRefusal = 'over_balance' | 'nothing_due' | null;

/** A desk payment larger than what is owed is refused unless staff say why (a deposit, a tip kept on account). */
export function deskPaymentRefusal(balance: Kopecks, amount: Kopecks, reason: string | null | undefined): PaymentRefusal {
  if (reason && reason.trim().length > 0) return null;
  if (balance <= 0) return 'nothing_due';
  return amount > balance ? 'over_balance' : null;
}

/**
 * A correction takes back at most what its line still holds: the line's amount less the
 * corrections already made to it. Answers the most that may be corrected now (0 when nothing).
 */
export function correctableAmount(line: { amount: Kopecks }, corrections: readonly { amount: Kopecks }[]): Kopecks {
  if (line.amount <= 0) return 0;
  return Math.max(0, line.amount + corrections.reduce((sum, c) => sum + c.amount, 0));
}

/** Consecutive nights at one price, as one line: "3 nights × 120.00". */
export function nightRuns(nightPrices: readonly Kopecks[]): { nights: number; price: Kopecks }[] {
  const runs: { nights: number; price: Kopecks }[] = [];
  for (const price of nightPrices) {
    const last = runs.at(-1);
    if (last && last.price === price) last.nights += 1;
    else runs.push({ nights: 1, price });
  }
  return runs;
}

/** Refusals of the bill and the check-in, in both languages: the server answers the caller's, the web shows its own. */
export const FOLIO_MESSAGES = {
  'folio:validation.amount': {
    ru: `Сумма — целое число копеек от 1 до ${FOLIO_CHARGE_MAX_KOPECKS}`,
    en: `The amount is a whole number of kopecks from 1 to ${FOLIO_CHARGE_MAX_KOPECKS}`,
  },
  'folio:validation.paymentAmount': {
    ru: `Сумма оплаты — целое число копеек от 1 до ${FOLIO_PAYMENT_MAX_KOPECKS}`,
    en: `A payment is a whole number of kopecks from 1 to ${FOLIO_PAYMENT_MAX_KOPECKS}`,
  },
  'folio:validation.description': { ru: 'Опишите начисление (до 200 символов)', en: 'Describe the charge (up to 200 characters)' },
  'folio:validation.reason': { ru: 'Укажите причину (до 300 символов)', en: 'Give the reason (up to 300 characters)' },
  'folio:validation.reference': { ru: 'Номер документа — до 100 символов', en: 'The reference is up to 100 characters' },
  'folio:validation.name': { ru: 'Имя и фамилия — от 1 до 80 символов', en: 'First and last name: 1 to 80 characters' },
  'folio:validation.citizenship': { ru: 'Гражданство — от 2 до 60 символов', en: 'Citizenship: 2 to 60 characters' },
  'folio:validation.document': {
    ru: 'Номер документа — от 5 до 30 латинских букв, цифр, пробелов или «-»',
    en: 'The document number is 5 to 30 Latin letters, digits, spaces or "-"',
  },
  'folio:validation.birthDate': { ru: 'Дата рождения — в прошлом, в формате ГГГГ-ММ-ДД', en: 'The date of birth is a past date, YYYY-MM-DD' },
  'folio:validation.arrivalTime': { ru: 'Время прибытия — ЧЧ:ММ', en: 'The arrival time is HH:MM' },
  'folio:validation.taxNumber': { ru: 'УНП — 9 цифр', en: 'The taxpayer number (UNP) is 9 digits' },
  'folio:validation.bankAccount': { ru: 'Счёт — от 10 до 34 латинских букв и цифр', en: 'The bank account is 10 to 34 Latin letters and digits' },
  'folio:validation.retention': { ru: 'Срок хранения — от 1 до 3650 дней', en: 'Keep documents 1 to 3650 days' },
  'folio:validation.legalText': { ru: 'Заполните на обоих языках (до 300 символов)', en: 'Fill in both languages (up to 300 characters)' },
  'folio:refused.overBalance': {
    ru: 'Оплата больше остатка по счёту: укажите причину или уменьшите сумму',
    en: 'The payment is larger than the balance: give a reason or take less',
  },
  'folio:refused.nothingDue': {
    ru: 'По счёту ничего не причитается: чтобы принять деньги, укажите причину',
    en: 'Nothing is owed on this bill: give a reason to take money anyway',
  },
  'folio:refused.notCorrectable': {
    ru: 'Эту строку уже нельзя исправить на такую сумму',
    en: 'This line cannot be corrected by that much: it holds less',
  },
  'folio:refused.noCard': { ru: 'У гостя нет сохранённой карты', en: 'The guest has no saved card' },
  'folio:refused.keyRequired': {
    ru: 'Списание с карты требует заголовка Idempotency-Key',
    en: 'A charge of the saved card needs an Idempotency-Key header',
  },
  'folio:refused.canceled': { ru: 'Бронирование отменено: начисления не принимаются', en: 'The booking is cancelled: nothing more is charged to it' },
  'folio:refused.notFound': { ru: 'Бронирование не найдено', en: 'Reservation not found' },
  'folio:refused.lineNotFound': { ru: 'Строка счёта не найдена', en: 'No such line on this bill' },
  'folio:refused.checkInClosed': {
    ru: 'Онлайн-регистрация открыта до дня заезда для действующего бронирования',
    en: 'Online check-in is open until the arrival day, for a booking still on',
  },
  'folio:refused.noEmail': { ru: 'У гостя нет адреса для письма', en: 'The guest has no e-mail address to send it to' },
} as const satisfies Record<string, { ru: string; en: string }>;
export type FolioMessageKey = keyof typeof FOLIO_MESSAGES;
