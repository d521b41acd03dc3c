/**
 * The bill of a stay, its documents and the guest's online check-in (issue 45, points 4–6;
 * docs/decisions/055-folio.md): what the API answers and what it accepts.
 */
import { z } from 'zod';
import {
  FOLIO_CHARGE_MAX_KOPECKS,
  FOLIO_PAYMENT_MAX_KOPECKS,
  type FolioMessageKey,
  FOLIO_PAYMENT_METHODS,
  FOLIO_VIEW_LINE_KINDS,
  VAT_PERCENT,
} from '../rules/folio';
import { isIsoDate } from '../rules/stay';
import { idPathSchema, localizedTextSchema, oneLineText } from './common';


const amountSchema = (max: number, key: FolioMessageKey) =>
  z.number(key).int(key).min(1, key).max(max, key);
const reasonSchema = oneLineText('folio:validation.reason').trim().min(1, 'folio:validation.reason').max(300, 'folio:validation.reason');

/** POST admin/reservations/{id}/folio/lines/: a charge staff post to the room (the bar, the restaurant), a fee, or a discount. */
export const folioChargeCreateSchema = z.strictObject({
  kind: z.enum(['posted', 'fee', 'discount'], 'common:validation.invalid'),
  /** Kopecks, always positive: a discount is taken off. */
  amount: amountSchema(FOLIO_CHARGE_MAX_KOPECKS, 'folio:validation.amount'),
  description: oneLineText('folio:validation.description').trim().min(1, 'folio:validation.description').max(200, 'folio:validation.description'),
});
export type FolioChargeCreate = z.infer<typeof folioChargeCreateSchema>;

/** POST admin/reservations/{id}/folio/lines/{line_id}/correct/: takes back part or all of a line, as a new line. */
export const folioCorrectionSchema = z.strictObject({
  /** Kopecks to take back; absent: all the line still holds. */
  amount: amountSchema(FOLIO_CHARGE_MAX_KOPECKS * 20, 'folio:validation.amount').optional(),
  reason: reasonSchema,
});
export type FolioCorrection = z.infer<typeof folioCorrectionSchema>;

/** POST admin/reservations/{id}/folio/payments/: money taken at the desk, or the saved card charged from it. */
export const folioPaymentCreateSchema = z.strictObject({
  method: z.enum(['cash', 'card_terminal', 'bank_transfer', 'saved_card', 'erip'], 'common:validation.invalid'),
  amount: amountSchema(FOLIO_PAYMENT_MAX_KOPECKS, 'folio:validation.paymentAmount'),
  /** The terminal's slip, the transfer's number; empty for cash. */
  reference: oneLineText('folio:validation.reference').trim().max(100, 'folio:validation.reference').default(''),
  /** Why more than the balance is taken (a deposit); required only then. */
  reason: reasonSchema.optional(),
});
export type FolioPaymentCreate = z.input<typeof folioPaymentCreateSchema>;

export const folioLineParamsSchema = z.strictObject({ id: idPathSchema, line_id: idPathSchema });

export const folioLineSchema = z.object({
  /** A line written to the bill; null for those derived from the booking (nights, extras, its discounts). */
  id: z.number().int().nullable(),
  kind: z.enum(FOLIO_VIEW_LINE_KINDS),
  description: localizedTextSchema,
  quantity: z.number().int().nullable(),
  unit_price: z.number().int().nullable(),
  /** Kopecks: charges positive, discounts and corrections negative. */
  amount: z.number().int(),
  corrects_line_id: z.number().int().nullable(),
  /** The most a correction of this line may take back now; 0 for derived lines and corrections. */
  correctable: z.number().int(),
  order_id: z.number().int().nullable(),
  posted_by: z.string().nullable(),
  at: z.string().nullable(),
});
export type FolioLine = z.infer<typeof folioLineSchema>;

export const folioPaymentSchema = z.object({
  /** The payment's id ("desk-<n>" for money taken at the desk). */
  id: z.string(),
  method: z.enum(FOLIO_PAYMENT_METHODS),
  status: z.enum(['succeeded', 'pending']),
  amount: z.number().int(),
  /** What the provider or the desk recorded: the provider's reference, the slip, the transfer's number. */
  reference: z.string().nullable(),
  card: z.string().nullable(),
  over_balance_reason: z.string().nullable(),
  taken_by: z.string().nullable(),
  at: z.string(),
});
export type FolioPayment = z.infer<typeof folioPaymentSchema>;

export const folioTotalsSchema = z.object({
  charges: z.number().int(),
  paid: z.number().int(),
  /** Charges − payments; negative: the guest paid more than the bill. */
  balance: z.number().int(),
  vat: z.number().int(),
  vat_percent: z.literal(VAT_PERCENT),
});

/** Whether the guest filled the online check-in, and when they arrive; what other screens ask of it. */
export const checkInReadinessSchema = z.object({
  ready: z.boolean(),
  arrival_time: z.string().nullable(),
});
export type CheckInReadiness = z.infer<typeof checkInReadinessSchema>;

export const folioSchema = z.object({
  reservation_id: z.number().int(),
  guest: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable(), language: z.enum(['ru', 'en']) }),
  room: localizedTextSchema,
  arrival: z.string(),
  departure: z.string(),
  nights: z.number().int(),
  guest_count: z.number().int(),
  canceled: z.boolean(),
  lines: z.array(folioLineSchema),
  payments: z.array(folioPaymentSchema),
  totals: folioTotalsSchema,
  /** Charges of the saved card and ERIP bills still waiting for the provider's word, kopecks. */
  pending: z.number().int(),
  /** ERIP bills the desk issued and the guest has yet to pay: the number they type in ERIP (decision 058). */
  erip_bills: z.array(z.object({ bill_number: z.string(), amount: z.number().int(), expires_at: z.string().nullable() })),
  saved_card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  invoice_sent_at: z.string().nullable(),
  check_in: checkInReadinessSchema,
});
export type Folio = z.infer<typeof folioSchema>;

/** The hotel's details on its documents. */
export const hotelLegalSchema = z.object({
  legal_name: localizedTextSchema,
  tax_number: z.string(),
  legal_address: localizedTextSchema,
  bank_account: z.string(),
  bank_name: z.string(),
});

/** A bill (what is owed now) or a paid invoice (nothing owed), as the printable page and the letter show it. */
export const folioDocumentSchema = z.object({
  kind: z.enum(['bill', 'invoice']),
  /** "1799-<reservation>": one bill per stay, so the stay's number is the document's. */
  number: z.string(),
  issued_on: z.string(),
  hotel: hotelLegalSchema,
  folio: folioSchema,
});
export type FolioDocument = z.infer<typeof folioDocumentSchema>;

const legalText = z.strictObject({
  ru: oneLineText('folio:validation.legalText').trim().min(1, 'folio:validation.legalText').max(300, 'folio:validation.legalText'),
  en: oneLineText('folio:validation.legalText').trim().min(1, 'folio:validation.legalText').max(300, 'folio:validation.legalText'),
});

/** GET/PUT admin/folio/settings/: the hotel's legal details and how long guests' documents are kept after departure. */
export const folioSettingsSchema = z.strictObject({
  legal_name: legalText,
  tax_number: z.string('folio:validation.taxNumber').trim().regex(/^\d{9}$/, 'folio:validation.taxNumber'),
  legal_address: legalText,
  bank_account: z
    .string('folio:validation.bankAccount')
    .trim()
    .transform((text) => text.replaceAll(' ', '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{10,34}$/, 'folio:validation.bankAccount')),
  bank_name: oneLineText('folio:validation.legalText').trim().max(200, 'folio:validation.legalText').default(''),
  document_retention_days: z.number('folio:validation.retention').int('folio:validation.retention').min(1, 'folio:validation.retention').max(3650, 'folio:validation.retention'),
});
export type FolioSettings = z.infer<typeof folioSettingsSchema>;

/** The settings as the API answers them. */
export const folioSettingsViewSchema = hotelLegalSchema.extend({ document_retention_days: z.number().int() });

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** PUT hotel/reservations/{id}/check-in/: what the guest fills before arrival (the registration card's data). */
export const stayRegistrationInputSchema = z.strictObject({
  first_name: oneLineText('folio:validation.name').trim().min(1, 'folio:validation.name').max(80, 'folio:validation.name'),
  last_name: oneLineText('folio:validation.name').trim().min(1, 'folio:validation.name').max(80, 'folio:validation.name'),
  citizenship: oneLineText('folio:validation.citizenship').trim().min(2, 'folio:validation.citizenship').max(60, 'folio:validation.citizenship'),
  document_number: z
    .string('folio:validation.document')
    .trim()
    .transform((text) => text.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9 -]{3,28}[A-Z0-9]$/, 'folio:validation.document')),
  birth_date: z
    .string('folio:validation.birthDate')
    .refine((text) => isIsoDate(text) && text >= '1900-01-01' && text < new Date().toISOString().slice(0, 10), 'folio:validation.birthDate'),
  arrival_time: z.string('folio:validation.arrivalTime').regex(HHMM, 'folio:validation.arrivalTime'),
});
export type StayRegistrationInput = z.infer<typeof stayRegistrationInputSchema>;

/** The online check-in as its owner (or staff) read it; the document's fields are null once erased. */
export const stayRegistrationSchema = z.object({
  ready: z.boolean(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  citizenship: z.string().nullable(),
  document_number: z.string().nullable(),
  birth_date: z.string().nullable(),
  arrival_time: z.string().nullable(),
  submitted_at: z.string().nullable(),
  erased_at: z.string().nullable(),
  /** Whether the guest may still change it (before the arrival day, the booking still on). */
  open: z.boolean(),
});
export type StayRegistration = z.infer<typeof stayRegistrationSchema>;

/** The registration card staff print for the guest to sign at arrival. */
export const registrationCardSchema = z.object({
  reservation_id: z.number().int(),
  hotel: hotelLegalSchema,
  room: localizedTextSchema,
  arrival: z.string(),
  departure: z.string(),
  guest_count: z.number().int(),
  guest: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable(), language: z.enum(['ru', 'en']) }),
  companions: z.array(z.string()),
  registration: stayRegistrationSchema,
});
export type RegistrationCard = z.infer<typeof registrationCardSchema>;

/** The 4xx of the bill's routes: the detail in the caller's language and, beside it, in Russian. */
export const folioErrorSchema = z.object({ detail: z.string(), detail_ru: z.string().optional() });
