// `npm run bench:rates`: what prices by date and stay rules cost the availability search (issue 23).
// On a throw-away embedded database (PGlite in a temp folder), 8 rooms with a year of reservations;
// the same seeded sequence of BENCH_SEARCHES (default 3,000) searches is asked of the server
// (GET hotel/reservations/variants/, through app.inject: routing, checks, pricing, the answer's
// bytes, the kept answers as in production), and of the rooms in memory alone (search, then each
// free room priced night by night and checked against the stay rules), in rounds: without rules,
// then with BENCH_PRICE_RULES (default 200) price rules and BENCH_STAY_RULES (default 20) stay rules,
// then without again, BENCH_ROUNDS (default 3) times; beside each, the rooms in memory priced as
// before prices by date (one price all year). Prints the least time per search of each phase and
// the ratios of "with rules" to "without" and to the search as it was.
// Runs under tsx (`node --import tsx`), since it builds the app from the API's TypeScript sources.
import { benchDatabase, CLIENT_TOKEN } from './lib/bench-app.mjs';

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 3000);
const PRICE_RULES = Number(process.env.BENCH_PRICE_RULES ?? 200);
const STAY_RULES = Number(process.env.BENCH_STAY_RULES ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const ROOMS = [
  ['attic', 180_00, null, 2, 0],
  ['garden', 220_00, 270_00, 2, 1],
  ['river', 260_00, 310_00, 2, 1],
  ['library', 240_00, null, 2, 0],
  ['merchant', 300_00, 360_00, 2, 2],
  ['family', 340_00, 400_00, 3, 2],
  ['single', 140_00, null, 1, 0],
  ['suite', 450_00, 520_00, 2, 2],
];

const bench = await benchDatabase('bench-rates-', { SEARCH_RATE_LIMIT_PER_MINUTE: '10000000' });
const { db, schema } = bench;
const domain = await import('../packages/domain/src/index.ts');
const { addDays, hotelToday, priceRuns, priceStay, stayQuote, stayRuleBreach } = domain;
const today = hotelToday();

const rooms = await db
  .insert(schema.rooms)
  .values(
    ROOMS.map(([slug, price, extraPrice, primary, extra], i) => ({
      slug,
      position: i,
      name: { ru: slug, en: slug },
      description: { ru: 'Описание номера', en: 'A room' },
      price,
      extraPrice,
      primaryCapacity: primary,
      extraCapacity: extra,
      roomSize: 20 + i,
    })),
  )
  .returning({ id: schema.rooms.id });
const [user] = await db.insert(schema.users).values({ email: 'bench@example.com', passwordHash: 'x', firstName: 'Bench' }).returning({ id: schema.users.id });

// A year of stays in seven rooms, one free: searches find rooms, and often not all.
const random = prng(23);
for (const [index, room] of rooms.entries()) {
  if (index === 7) continue;
  const values = [];
  for (let start = 0; start < 365; ) {
    const nights = 1 + Math.floor(random() * 5);
    if (random() < 0.6) values.push({ userId: user.id, roomId: room.id, stay: `[${addDays(today, start)},${addDays(today, start + nights)})`, guestCount: 1, pricePerNight: 100_00, price: nights * 100_00 });
    start += nights + Math.floor(random() * 3);
  }
  await db.insert(schema.reservations).values(values);
}

await bench.start();
const instance = bench.app;

const searches = [];
{
  const next = prng(7);
  for (let i = 0; i < SEARCHES; i++) {
    const start = 1 + Math.floor(next() * 330);
    const nights = 1 + Math.floor(next() * 7);
    searches.push({ arrival: addDays(today, start), departure: addDays(today, start + nights), guests: 1 + Math.floor(next() * 3) });
  }
}

async function addRules() {
  const next = prng(99);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const prices = [];
  for (let i = 0; i < PRICE_RULES; i++) {
    const start = 1 + Math.floor(next() * 360);
    const days = [1, 2, 3, 4, 5, 6, 7].filter(() => next() < 0.6);
    prices.push({
      roomId: pick(rooms).id,
      firstNight: addDays(today, start),
      lastNight: addDays(today, start + Math.floor(next() * 40)),
      weekdays: days.length ? days : [6],
      price: 100_00 + Math.floor(next() * 40_000),
      extraPrice: next() < 0.5 ? null : 150_00 + Math.floor(next() * 40_000),
    });
  }
  const stays = [];
  for (let i = 0; i < STAY_RULES; i++) {
    const start = 1 + Math.floor(next() * 360);
    stays.push({
      roomId: pick(rooms).id,
      firstNight: addDays(today, start),
      lastNight: addDays(today, start + Math.floor(next() * 20)),
      weekdays: [5, 6],
      minNights: 2,
      closedToArrival: next() < 0.2,
      closedToDeparture: next() < 0.2,
    });
  }
  await db.insert(schema.roomPriceRules).values(prices);
  await db.insert(schema.roomStayRules).values(stays);
}

async function removeRules() {
  await db.delete(schema.roomPriceRules);
  await db.delete(schema.roomStayRules);
}

// The least of the rounds: on a machine shared with other work, noise only ever adds time.
const least = (list) => Math.min(...list);

const results = { without: { http: [], memory: [], today: [] }, with: { http: [], memory: [], today: [] } };

/**
 * The rooms in memory as the search used them before prices by date: each free room priced with
 * one price all year (stayQuote), no breakdown, no rule to check. Measured in each phase beside
 * the new pricing, so "with rules" can be set against the search as it was.
 */
function todaysSearch(instance) {
  const started = process.hrtime.bigint();
  let kopecks = 0;
  for (let repeat = 0; repeat < 10; repeat++) {
    for (const search of searches) {
      let free;
      try {
        free = instance.availability.search(search, search.guests);
      } catch {
        continue;
      }
      for (const room of free) kopecks += stayQuote(room, search.guests, search).total;
    }
  }
  return { micros: Number(process.hrtime.bigint() - started) / 1000 / searches.length / 10, kopecks };
}

async function phase(name, instance) {
  await instance.dataVersions.caughtUp();
  // Over the app: routing, the query's checks, the search, pricing, the answer's bytes.
  let started = process.hrtime.bigint();
  for (const search of searches) {
    const res = await instance.inject({
      url: `/api/v1/hotel/reservations/variants/?arrival=${search.arrival}&departure=${search.departure}&guest_count=${search.guests}`,
      headers: { 'x-client-token': CLIENT_TOKEN },
    });
    if (res.statusCode !== 200 && res.statusCode !== 404) throw new Error(`${res.statusCode} ${res.body}`);
  }
  results[name].http.push(Number(process.hrtime.bigint() - started) / 1000 / searches.length);
  // The rooms in memory alone: the search, and each free room priced and checked.
  started = process.hrtime.bigint();
  let kopecks = 0;
  for (let repeat = 0; repeat < 10; repeat++) {
    for (const search of searches) {
      let free;
      try {
        free = instance.availability.search(search, search.guests);
      } catch {
        continue;
      }
      for (const room of free) {
        const quote = priceStay(room.rates, search.guests, search);
        kopecks += quote.total + priceRuns(search.arrival, quote.nightPrices).length;
        if (stayRuleBreach(room.rates, search)) kopecks += 1;
      }
    }
  }
  results[name].memory.push(Number(process.hrtime.bigint() - started) / 1000 / searches.length / 10);
  results[name].today.push(todaysSearch(instance).micros);
  return kopecks;
}

// A round to warm up (the JIT, the kept room bytes), not counted.
await addRules();
await phase('with', instance);
await removeRules();
await phase('without', instance);
results.with = { http: [], memory: [], today: [] };
results.without = { http: [], memory: [], today: [] };

for (let round = 0; round < ROUNDS; round++) {
  await phase('without', instance);
  await addRules();
  await phase('with', instance);
  await removeRules();
}
await phase('without', instance);

const row = (name) =>
  `${name.padEnd(8)} over the app ${least(results[name].http).toFixed(1).padStart(7)} µs/search   in memory ${least(results[name].memory).toFixed(2).padStart(7)} µs/search`;
console.log(`${SEARCHES} searches, ${ROUNDS} rounds; rules: ${PRICE_RULES} price, ${STAY_RULES} stay (the least of the rounds)`);
console.log(row('without'));
console.log(row('with'));
console.log(`one price all year, as before (stayQuote over the same rooms in memory): ${least([...results.without.today, ...results.with.today]).toFixed(2)} µs/search`);
console.log(
  `with rules, in memory, against the search as it was: ${(least(results.with.memory) / least([...results.without.today, ...results.with.today])).toFixed(3)}`,
);
console.log(
  `with / without: over the app ${(least(results.with.http) / least(results.without.http)).toFixed(3)}, in memory ${(least(results.with.memory) / least(results.without.memory)).toFixed(3)}`,
);
await bench.close();
