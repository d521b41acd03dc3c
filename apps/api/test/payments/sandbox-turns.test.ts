/**
 * The sandbox's page never holds a turn of the embedded database while it posts its own
 * notification, which waits for a turn of its own (issue 42, point 7; plugins/database-queue.ts).
 * Held, four approvals at once took every turn (PGLITE_CONCURRENT_CALLS, 4) and their notifications
 * waited PGLITE_QUEUE_WAIT_MS for a fifth: answered 503, the payments stayed pending.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentCreated } from '@hotel/domain';
import { orders, payments } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { insertAddress, insertCard, insertMenu, postOrder, type TestMenu } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { createUser } from '../users';

let t: TestApp;
let call: Caller;
let menu: TestMenu;

beforeAll(async () => {
  // The queue's own defaults (4 calls at once, 2 s of waiting): the settings the stall was seen with.
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0' });
  call = caller(t);
  menu = await insertMenu(t);
});
afterAll(async () => {
  await t?.close();
});

describe('simultaneous approvals on the sandbox page (issue 42, point 7)', () => {
  it('six 3-D Secure approvals at once all settle: every page answers with its redirect, every payment is succeeded and every order accepted', async () => {
    const started: PaymentCreated[] = [];
    const guests: number[] = [];
    for (let i = 0; i < 6; i++) {
      // Six guests, one order each: a guest may keep only a few orders unpaid.
      const user = await createUser(t);
      guests.push(user.id);
      const card = await insertCard(t, user.id, { last4: '3220', token: `sandbox_3ds_3220_${'b'.repeat(24)}` });
      const address = await insertAddress(t, user.id);
      const placed = await postOrder(t, call, { address_id: address, payment_method_id: card.publicId, items: [{ product_id: String(menu.soup), quantity: 1 }] }, user.headers);
      expect(placed.statusCode, placed.body).toBe(201);
      const paid = await call('POST', 'payments/create/', { order_id: placed.json<{ id: number }>().id, payment_method_id: card.publicId }, user.headers);
      expect(paid.json<PaymentCreated>(), paid.body).toMatchObject({ status: 'pending', confirmation_url: expect.any(String) });
      started.push(paid.json<PaymentCreated>());
    }

    const pages = await Promise.all(
      started.map((payment) =>
        t.app.inject({
          method: 'POST',
          url: new URL(payment.confirmation_url!).pathname,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'decision=approve',
        }),
      ),
    );
    expect(pages.map((res) => res.statusCode)).toEqual(Array(6).fill(303));
    const rows = await t.database.db.select().from(payments).where(inArray(payments.id, started.map((payment) => payment.payment_id)));
    expect(rows.map((row) => row.status)).toEqual(Array(6).fill('succeeded'));
    const placed = await t.database.db.select({ status: orders.status }).from(orders).where(inArray(orders.userId, guests));
    expect(placed.map((row) => row.status)).toEqual(Array(6).fill('accepted'));
    expect(t.logLines.some((line) => line.includes('sandbox notification not accepted'))).toBe(false);
  });
});
