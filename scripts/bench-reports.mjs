// `npm run bench:reports`: how long the owner's report takes to answer (issue 25, point 1; target
// under 300 ms). On a throw-away embedded database (PGlite in a temp folder), a generated year of
// data: 8 rooms booked back to back (some stays cancelled or no-shows, some nights held by a
// booking site's calendar), BENCH_ORDERS (default 3,000) orders of 1–4 dishes with their payments
// and refunds. Then GET admin/reports/ for the whole year (beside the year before) and for one
// month, BENCH_RUNS (default 10) times each after a warm-up; prints p50 and max.
// Runs under tsx (`node --import tsx`), since it builds the app from the API's TypeScript sources.
import { api, benchDatabase } from './lib/bench-app.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 3000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const YEAR = 2025;

// A fixed seed: every run measures the same data.
let seed = 1799;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (n) => Math.floor(random() * n);
const dayOf = (offset) => new Date(Date.UTC(YEAR, 0, 1 + offset)).toISOString().slice(0, 10);
const chunks = (rows, size = 500) => Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

const bench = await benchDatabase('hotel-bench-reports-');
const { db, schema } = bench;
const { stayRange } = await api('modules/hotel/reservations.ts');

const generated = performance.now();
const [guest] = await db.insert(schema.users).values({ email: 'guest@example.com', isActive: true }).returning({ id: schema.users.id });
const [owner] = await db.insert(schema.users).values({ email: 'owner@example.com', isActive: true }).returning({ id: schema.users.id });
await db.insert(schema.staffRoles).values({ userId: owner.id, role: 'manager' });
const rooms = await db
  .insert(schema.rooms)
  .values(Array.from({ length: 8 }, (_, i) => ({ slug: `room-${i}`, position: i, name: { ru: `Номер ${i + 1}`, en: `Room ${i + 1}` }, description: { ru: '—', en: '—' }, price: (150 + 25 * i) * 100, primaryCapacity: 2, extraCapacity: 0, roomSize: 20, images: [] })))
  .returning({ id: schema.rooms.id, price: schema.rooms.price });

// Each room booked back to back through the year: a stay of 1–6 nights, then 0–3 free nights;
// one stay in eight comes from the booking site's calendar, one in ten is cancelled, one in forty a no-show.
const stays = [];
const holds = [];
for (const room of rooms) {
  const [feed] = await db.insert(schema.calendarFeeds).values({ roomId: room.id, name: pick(2) ? 'Booking.com' : 'Airbnb', url: `https://example.com/${room.id}.ics` }).returning({ id: schema.calendarFeeds.id });
  for (let day = 0; day < 365; ) {
    const nights = 1 + pick(6);
    const arrival = dayOf(day);
    const departure = dayOf(day + nights);
    const roll = random();
    if (roll < 0.125) holds.push({ roomId: room.id, stay: stayRange({ arrival, departure }), kind: 'import', feedId: feed.id, uid: `ev-${room.id}-${day}` });
    else {
      const createdAt = new Date(Date.UTC(YEAR, 0, 1 + day - pick(60), 9 + pick(10)));
      const canceled = roll < 0.225 ? new Date(createdAt.getTime() + 86_400_000) : null;
      const noShow = !canceled && roll < 0.25 ? new Date(Date.UTC(YEAR, 0, 1 + day, 22)) : null;
      stays.push({ userId: guest.id, roomId: room.id, stay: stayRange({ arrival, departure }), guestCount: 2, pricePerNight: room.price, price: room.price * nights, createdAt, canceledAt: canceled ?? noShow, noShowAt: noShow, cancellationFee: canceled || noShow ? room.price : null });
    }
    day += nights + pick(4);
  }
}
const reservationIds = [];
for (const part of chunks(stays)) reservationIds.push(...(await db.insert(schema.reservations).values(part).returning({ id: schema.reservations.id, canceledAt: schema.reservations.canceledAt, fee: schema.reservations.cancellationFee })));
for (const part of chunks(holds)) await db.insert(schema.roomHolds).values(part);
const fees = reservationIds.filter((r) => r.canceledAt && pick(2)).map((r) => ({ purpose: 'reservation_fee', userId: guest.id, reservationId: r.id, provider: 'sandbox', amount: r.fee, status: 'succeeded', createdAt: r.canceledAt, settledAt: r.canceledAt }));
for (const part of chunks(fees)) await db.insert(schema.payments).values(part);

// Orders through the year between 9:00 and 22:00 on the hotel clock: nine in ten paid, one in twenty cancelled after paying.
const dishes = Array.from({ length: 12 }, (_, i) => ({ name: { ru: `Блюдо ${i + 1}`, en: `Dish ${i + 1}` }, price: (5 + 3 * i) * 100 }));
const address = { label: 'Дом', address: 'ул. Советская, 1', entrance: null, floor: null, apartment: null, intercom: null, comment: null };
const orderRows = [];
const itemsOf = [];
for (let i = 0; i < ORDERS; i += 1) {
  const createdAt = new Date(Date.UTC(YEAR, 0, 1 + pick(365), 6 + pick(13), pick(60)));
  const items = Array.from({ length: 1 + pick(4) }, () => ({ ...dishes[pick(dishes.length)], quantity: 1 + pick(3) }));
  const itemsTotal = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const roll = random();
  const status = roll < 0.05 ? 'canceled' : roll < 0.1 ? 'stashed' : 'completed';
  orderRows.push({ userId: guest.id, status, address, itemsTotal, deliveryFee: 500, total: itemsTotal + 500, createdAt, paidAt: status === 'stashed' ? null : createdAt, deliveredAt: status === 'completed' ? new Date(createdAt.getTime() + 50 * 60_000) : null, canceledAt: status === 'canceled' ? new Date(createdAt.getTime() + 5 * 60_000) : null });
  itemsOf.push(items);
}
const orderIds = [];
for (const part of chunks(orderRows)) orderIds.push(...(await db.insert(schema.orders).values(part).returning({ id: schema.orders.id })));
const items = orderIds.flatMap(({ id }, i) => itemsOf[i].map((item) => ({ orderId: id, name: item.name, price: item.price, quantity: item.quantity })));
for (const part of chunks(items)) await db.insert(schema.orderItems).values(part);
const orderPayments = orderIds.flatMap(({ id }, i) => (orderRows[i].paidAt ? [{ purpose: 'order', userId: guest.id, orderId: id, provider: 'sandbox', amount: orderRows[i].total, status: 'succeeded', createdAt: orderRows[i].createdAt, settledAt: orderRows[i].createdAt, refundedAt: orderRows[i].canceledAt }] : []));
const paymentIds = [];
for (const part of chunks(orderPayments)) paymentIds.push(...(await db.insert(schema.payments).values(part).returning({ id: schema.payments.id, amount: schema.payments.amount, refundedAt: schema.payments.refundedAt })));
const refundRows = paymentIds.filter((p) => p.refundedAt).map((p) => ({ paymentId: p.id, amount: p.amount, status: 'succeeded', reason: 'cancelled', createdAt: p.refundedAt, settledAt: p.refundedAt }));
for (const part of chunks(refundRows)) await db.insert(schema.refunds).values(part);
await db.execute((await import('drizzle-orm')).sql`analyze`);
console.log(
  `bench:reports: ${rooms.length} rooms, ${stays.length} stays, ${holds.length} imported holds, ${fees.length} fees, ${ORDERS} orders (${items.length} dishes, ${refundRows.length} refunds) generated in ${((performance.now() - generated) / 1000).toFixed(1)} s, PGlite`,
);

const headers = await bench.sessionHeaders(owner.id);
const base = await bench.start();

async function measure(label, query) {
  const times = [];
  let size = 0;
  for (let i = 0; i < RUNS + 2; i += 1) {
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/admin/reports/?${query}`, { headers });
    const body = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status}: ${body}`);
    size = body.length;
    if (i >= 2) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(34)} p50 ${times[Math.floor(times.length / 2)].toFixed(1).padStart(7)} ms  max ${times.at(-1).toFixed(1).padStart(7)} ms  (${(size / 1024).toFixed(0)} KB, ${RUNS} runs)`);
}

try {
  if (process.env.BENCH_PROFILE) {
    // Each query of the year's report alone, to find the slow one.
    const repository = await api('modules/reports/repository.ts');
    const { moneyByDay } = await api('modules/payments/ledger.ts');
    const { folioLedger } = await api('modules/folio/ledger-source.ts');
    const year = { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` };
    const calls = {
      roomSummary: () => repository.roomSummary(db, year, 8),
      occupancyByDay: () => repository.occupancyByDay(db, year, 8),
      nightsByRoom: () => repository.nightsByRoom(db, year),
      lengthOfStay: () => repository.lengthOfStay(db, year),
      leadTime: () => repository.leadTime(db, year),
      channels: () => repository.channels(db, year),
      restaurantSummary: () => repository.restaurantSummary(db, year),
      restaurantByDay: () => repository.restaurantByDay(db, year),
      restaurantByHour: () => repository.restaurantByHour(db, year),
      topDishes: () => repository.topDishes(db, year),
      deliveryHours: () => repository.deliveryHours(db, year),
      moneyByDay: () => moneyByDay(db, folioLedger, year),
    };
    for (const [name, call] of Object.entries(calls)) {
      await call();
      const started = performance.now();
      for (let i = 0; i < 5; i += 1) await call();
      console.log(`  ${name.padEnd(20)} ${((performance.now() - started) / 5).toFixed(1).padStart(7)} ms`);
    }
  }
  await measure(`the year ${YEAR} beside ${YEAR - 1}`, `from=${YEAR}-01-01&to=${YEAR}-12-31`);
  await measure(`October ${YEAR} beside ${YEAR - 1}`, `from=${YEAR}-10-01&to=${YEAR}-10-31`);
} finally {
  await bench.close();
}
