/**
 * Promo codes (issue 23, point 4; docs/decisions/043-promo-codes.md): the staff's codes, the
 * guest's check, and the use a booking or an order makes of a code inside its own transaction. The
 * discount is always `promoDiscount` (packages/domain/src/rules/promo.ts).
 */
import {
  hotelToday,
  promoDiscount,
  type PromoCheck,
  type PromoCode,
  type PromoCodeData,
  type PromoCodeView,
  type PromoRefusal,
  type PromoTarget,
} from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/sql-state';
import { HttpError } from '../../plugins/errors';
import { PROMO_REFUSAL_DETAILS } from './refusals';
import {
  addPromoHolder,
  findPromoCode,
  findPromoCodeById,
  insertPromoCode,
  insertPromoUse,
  isPromoHolder,
  listPromoCodes,
  releasePromoUse,
  lockPromoCode,
  lockPromoCodeById,
  updatePromoCode,
  usesOf,
  type PromoCodeRow,
} from './repository';

export const PROMO_NOT_FOUND = 'Promo code not found';
export const PROMO_TAKEN_DETAIL = 'A promo code with this text already exists';

export const toPromoCode = (row: PromoCodeRow): PromoCode => ({
  code: row.code,
  kind: row.kind,
  value: row.value,
  scope: row.scope,
  validFrom: row.validFrom,
  validTo: row.validTo,
  stayFrom: row.stayFrom,
  stayTo: row.stayTo,
  minAmount: row.minAmount,
  maxUses: row.maxUses,
  maxUsesPerGuest: row.maxUsesPerGuest,
  active: row.active,
});

export const presentPromoCode = (row: PromoCodeRow & { uses: number }): PromoCodeView => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  value: row.value,
  scope: row.scope,
  valid_from: row.validFrom,
  valid_to: row.validTo,
  stay_from: row.stayFrom,
  stay_to: row.stayTo,
  min_amount: row.minAmount,
  max_uses: row.maxUses,
  max_uses_per_guest: row.maxUsesPerGuest,
  active: row.active,
  uses: row.uses,
  created_at: row.createdAt.toISOString(),
});

const columnsOf = (input: PromoCodeData) => ({
  code: input.code,
  kind: input.kind,
  value: input.value,
  scope: input.scope,
  validFrom: input.valid_from,
  validTo: input.valid_to,
  stayFrom: input.stay_from,
  stayTo: input.stay_to,
  minAmount: input.min_amount,
  maxUses: input.max_uses,
  maxUsesPerGuest: input.max_uses_per_guest,
  active: input.active,
});

export const listCodes = async (db: Db) => (await listPromoCodes(db)).map(presentPromoCode);

type OnWrite = (tx: Tx, before: PromoCodeView | null, after: PromoCodeView) => Promise<void>;

/** POST admin/promo/: a new code; 409 when its text (in any case) is taken. */
export async function createCode(db: Db, input: PromoCodeData, userId: number, onCreated: OnWrite): Promise<PromoCodeView> {
  try {
    return await db.transaction(async (tx) => {
      const row = presentPromoCode({ ...(await insertPromoCode(tx, { ...columnsOf(input), createdBy: userId })), uses: 0 });
      await onCreated(tx, null, row);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, PROMO_TAKEN_DETAIL);
    throw error;
  }
}

/** PUT admin/promo/{id}/: the whole code again (deactivating is `active: false`); uses made stay. */
export async function updateCode(db: Db, id: number, input: PromoCodeData, onUpdated: OnWrite): Promise<PromoCodeView> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await lockPromoCodeById(tx, id))) throw new HttpError(404, PROMO_NOT_FOUND);
      const before = await findPromoCodeById(tx, id);
      await updatePromoCode(tx, id, columnsOf(input));
      const after = presentPromoCode((await findPromoCodeById(tx, id))!);
      await onUpdated(tx, presentPromoCode(before!), after);
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, PROMO_TAKEN_DETAIL);
    throw error;
  }
}

/** A refused code: 422, the English detail, the `promo_refusal` the screens word, and the minimum when below it. */
export function promoRefused(reason: PromoRefusal, code?: Pick<PromoCode, 'minAmount'>): HttpError {
  return new HttpError(422, PROMO_REFUSAL_DETAILS[reason].en, {
    promo_refusal: reason,
    ...(reason === 'below_minimum' && code ? { promo_min_amount: code.minAmount } : {}),
  });
}

interface PromoRequest {
  code: string;
  userId: number;
  scope: PromoTarget;
  amount: number;
  stay?: { arrival: string; departure: string } | undefined;
  now: Date;
}

/**
 * The code's discount for this request, or its refusal: the precise reason only to a guest the code
 * has been valid for, `unavailable` to anyone else and for a code that does not exist, so that a
 * guess learns nothing of which codes exist (issue 42, point 11; decision 043).
 */
async function priced(db: Db | Tx, row: PromoCodeRow | undefined, request: PromoRequest) {
  if (!row) throw promoRefused('unavailable');
  const uses = await usesOf(db, row.id, request.userId);
  const code = toPromoCode(row);
  const answer = promoDiscount(code, {
    scope: request.scope,
    amount: request.amount,
    stay: request.stay,
    today: hotelToday(request.now),
    usesSoFar: uses.all,
    usesByGuest: uses.byUser,
  });
  if (answer.ok) return { row, discount: answer.discount };
  if (!(await isPromoHolder(db, row.id, request.userId))) throw promoRefused('unavailable');
  throw promoRefused(answer.reason, code);
}

/**
 * POST promo/check/: what the code takes off now, without using it (the booking or the order checks
 * again). A code it prices is from now on valid for this guest: later refusals name their reason.
 */
export async function checkCode(db: Db, userId: number, input: PromoCheck & { code: string }, now: Date): Promise<{ code: string; discount: number }> {
  const stay = input.arrival && input.departure ? { arrival: input.arrival, departure: input.departure } : undefined;
  const { row, discount } = await priced(db, await findPromoCode(db, input.code), { code: input.code, userId, scope: input.scope, amount: input.amount, stay, now });
  await addPromoHolder(db, row.id, userId);
  return { code: row.code, discount };
}

/**
 * Inside a booking's or an order's transaction: locks the code's row, counts its live uses, and
 * answers the discount (or throws the refusal). `record` then writes the use once the booking or
 * order has its id, in the same transaction, so the lock is held until the use is counted by the next.
 */
export async function takePromo(tx: Tx, request: PromoRequest) {
  const { row, discount } = await priced(tx, await lockPromoCode(tx, request.code), request);
  return {
    code: row.code,
    discount,
    /** `taken`: what the code took off in the end, when the price capped it (a stay's, after its rate's discount). */
    record: async (subject: { reservationId: number } | { orderId: number }, taken: number = discount) => {
      await insertPromoUse(tx, { promoCodeId: row.id, userId: request.userId, discount: taken, ...subject });
      await addPromoHolder(tx, row.id, request.userId);
    },
  };
}

/** A cancelled booking or order gives its code's use back, in the cancellation's transaction (decision 043). */
export const releasePromo = (tx: Db | Tx, subject: { reservationId: number } | { orderId: number }, now: Date) => releasePromoUse(tx, subject, now);
