// `npm run bench:api`: the API under load, beside a bare Fastify route in the same run. Seeds a
// throw-away database (PGlite in a temp folder, or a temp database on the server when DATABASE_URL
// is set) with 8 rooms carrying pictures and amenities, two years of reservations (one behind, one
// ahead of today) on seven of them, a menu of 38 dishes and signed-in guests with saved cards,
// starts the built server in a child process (`npm start`'s flags, production settings, rate limits
// off) and a bare Fastify route in another, and drives them with
// autocannon: a bare Fastify route (the ceiling), GET health/, the availability search (random
// stays and guest counts), the menu (GET delivery/products/) and placing orders (4,000 signed-in
// guests, three orders each, priced first as a guest's screen prices them; not run outside the
// kitchen's hours, which refuse every order); then bookings racing for the same nights (exactly
// one may win each). For each: req/s, p50, p99, errors,
// time-outs and the ratio to the bare route; and the server's resident memory at idle and after.
//   BENCH_SECONDS (default 10 per route), BENCH_CONNECTIONS (default 100), DATABASE_URL (optional),
//   BENCH_NODE_FLAGS (more flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/profile"),
//   BENCH_ROUTES (some of bare,health,search,search-varied,search-one,rooms-page,menu,orders; default
//   all; the bare route always runs): search-varied asks for a different stay on every request (all
//   36,960 stays of 330 days × 1–28 nights × 1–4 guests, in turn, each connection's requests built
//   before the clock starts), search-one for one stay again and
//   again, rooms-page for the server-drawn /hotel/rooms?checkIn… with a different stay every request
//   at BENCH_PAGE_CONNECTIONS (default 50), with the server's memory at each quarter of the run and
//   after it (BENCH_PAGE_SECONDS: a longer run for this route, default BENCH_SECONDS),
//   BENCH_LOG=1 (the server logs its errors to stderr).
//   --instances=2 (PostgreSQL only): then the search, the menu and placing orders again, against two
//   instances of the server on the same database behind a loopback balancer (a process of its own
//   handing each connection to the next instance in turn), beside the one instance's figures.
// Runs under tsx (`node --import tsx`), since it seeds through the API's TypeScript sources.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { serverEnv, serverNodeFlags } from './server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT_TOKEN = 'bench-client-token';
const api = (file) => import(path.join(root, 'apps/api/src', file));

/** A small deterministic generator, so two runs seed the same calendar. */
function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Guests who place the orders row's orders, three each (enough for 12,000 orders). */
const ORDER_GUESTS = 4000;

const ROOMS = [
  ['attic', 'Мансарда', 'Attic', 180_00, null, 2, 0, 18],
  ['garden', 'Садовый', 'Garden', 220_00, 270_00, 2, 1, 24],
  ['river', 'С видом на Неман', 'River view', 260_00, 310_00, 2, 1, 26],
  ['library', 'Библиотека', 'Library', 240_00, null, 2, 0, 22],
  ['merchant', 'Купеческий', 'Merchant', 300_00, 360_00, 2, 2, 32],
  ['family', 'Семейный', 'Family', 340_00, 400_00, 3, 2, 40],
  ['single', 'Одноместный', 'Single', 140_00, null, 1, 0, 14],
  ['suite', 'Люкс 1799', 'Suite 1799', 450_00, 520_00, 2, 2, 48],
];

async function seed(config) {
  const { openDatabase } = await api('db/client.ts');
  const schema = await api('db/schema.ts');
  const { addDays, hotelToday } = await import(path.join(root, 'packages/domain/src/index.ts'));
  const database = await openDatabase(config);
  await database.migrate();
  const db = database.db;
  const roomRows = await db
    .insert(schema.rooms)
    .values(
      ROOMS.map(([slug, ru, en, price, extraPrice, primary, extra, size], position) => ({
        slug,
        position,
        name: { ru, en },
        description: { ru: `Номер «${ru}»`, en: `The ${en} room` },
        price,
        extraPrice,
        primaryCapacity: primary,
        extraCapacity: extra,
        roomSize: size,
        images: [1, 2, 3, 4].map((n) => ({ file: `room-${slug}-${n}.webp`, alt: { ru: `${ru}, фото ${n}`, en: `${en}, photo ${n}` } })),
      })),
    )
    .returning({ id: schema.rooms.id });
  const amenities = await db
    .insert(schema.conveniences)
    .values(['Wi-Fi', 'Кондиционер', 'Сейф', 'Фен', 'Чайник', 'Халаты'].map((ru, i) => ({ description: { ru, en: `Amenity ${i + 1}` }, image: `amenity-${i + 1}.svg` })))
    .returning({ id: schema.conveniences.id });
  await db.insert(schema.roomConveniences).values(roomRows.flatMap((room, i) => amenities.slice(0, 3 + (i % 4)).map((a) => ({ roomId: room.id, convenienceId: a.id }))));
  const [user] = await db
    .insert(schema.users)
    .values({ email: 'bench@example.com', isActive: true, firstName: 'Bench' })
    .returning({ id: schema.users.id });

  const random = prng(1799);
  const today = hotelToday();
  const rows = [];
  // The last room is kept free for the bookings that race for its nights.
  for (const room of roomRows.slice(0, -1)) {
    let day = addDays(today, -365);
    const end = addDays(today, 365);
    while (day < end) {
      const nights = 1 + Math.floor(random() * 5);
      const departure = addDays(day, nights);
      const stay = `[${day},${departure})`;
      const values = { userId: user.id, roomId: room.id, stay, guestCount: 1, pricePerNight: 200_00, price: nights * 200_00 };
      // About one booking in ten was cancelled, and its nights were then booked again.
      if (random() < 0.1) rows.push({ ...values, canceledAt: new Date(), cancellationFee: 0 });
      if (random() < 0.85) rows.push(values);
      day = addDays(departure, Math.floor(random() * 4));
    }
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(schema.reservations).values(rows.slice(i, i + 500));

  // The delivery menu, and a signed-in guest who orders from it.
  const categoryRows = await db
    .insert(schema.categories)
    .values(['Закуски', 'Супы', 'Горячее', 'Десерты', 'Напитки'].map((ru, position) => ({ position, title: { ru, en: `Category ${position}` } })))
    .returning({ id: schema.categories.id });
  const productRows = await db
    .insert(schema.products)
    .values(
      Array.from({ length: 38 }, (_, i) => ({
        categoryId: categoryRows[i % categoryRows.length].id,
        position: i,
        name: { ru: `Блюдо ${i + 1}`, en: `Dish ${i + 1}` },
        description: { ru: 'Описание блюда для нагрузки.', en: 'A dish for the load test.' },
        price: 5_00 + 50 * i,
      })),
    )
    .returning({ id: schema.products.id });
  const token = randomBytes(32).toString('base64url');
  await db.insert(schema.sessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    userId: user.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const [address] = await db.insert(schema.addresses).values({ userId: user.id, label: 'Дом', address: 'ул. Советская, 1', isPrimary: true }).returning({ id: schema.addresses.id });
  const [card] = await db
    .insert(schema.paymentMethods)
    .values({ userId: user.id, provider: 'sandbox', status: 'succeeded', token: `sandbox_approve_4242_${randomBytes(12).toString('hex')}`, cardLast4: '4242', brand: 'visa', expMonth: 12, expYear: 2030, isPrimary: true })
    .returning({ publicId: schema.paymentMethods.publicId });
  // Guests who race for the free room's nights, each signed in with a saved card.
  const racers = [];
  for (let i = 0; i < 20; i++) {
    const [racer] = await db.insert(schema.users).values({ email: `racer${i}@example.com`, isActive: true, firstName: `Racer ${i}` }).returning({ id: schema.users.id });
    const raceToken = randomBytes(32).toString('base64url');
    await db.insert(schema.sessions).values({ tokenHash: createHash('sha256').update(raceToken).digest('hex'), userId: racer.id, expiresAt: new Date(Date.now() + 86_400_000) });
    const [raceCard] = await db
      .insert(schema.paymentMethods)
      .values({ userId: racer.id, provider: 'sandbox', status: 'succeeded', token: `sandbox_approve_4242_${randomBytes(12).toString('hex')}`, cardLast4: '4242', brand: 'visa', expMonth: 12, expYear: 2030, isPrimary: true })
      .returning({ publicId: schema.paymentMethods.publicId });
    racers.push({ cookie: `sid=${raceToken}`, card: raceCard.publicId });
  }
  // Guests who place the orders of the orders row. One guest may have UNPAID_ORDERS_MAX (3) orders
  // unpaid and place ORDERS_PER_MINUTE (5) a minute: each of these places three, so every order
  // of a run is one the server takes, not a refusal.
  const diners = [];
  for (let from = 0; from < ORDER_GUESTS; from += 500) {
    const count = Math.min(500, ORDER_GUESTS - from);
    const users = await db
      .insert(schema.users)
      .values(Array.from({ length: count }, (_, i) => ({ email: `diner${from + i}@example.com`, isActive: true, firstName: `Diner ${from + i}` })))
      .returning({ id: schema.users.id });
    const tokens = users.map(() => randomBytes(32).toString('base64url'));
    await db.insert(schema.sessions).values(users.map((u, i) => ({ tokenHash: createHash('sha256').update(tokens[i]).digest('hex'), userId: u.id, expiresAt: new Date(Date.now() + 86_400_000) })));
    const addresses = await db
      .insert(schema.addresses)
      .values(users.map((u) => ({ userId: u.id, label: 'Дом', address: 'ул. Советская, 1', isPrimary: true })))
      .returning({ id: schema.addresses.id });
    const cards = await db
      .insert(schema.paymentMethods)
      .values(users.map((u) => ({ userId: u.id, provider: 'sandbox', status: 'succeeded', token: `sandbox_approve_4242_${randomBytes(12).toString('hex')}`, cardLast4: '4242', brand: 'visa', expMonth: 12, expYear: 2030, isPrimary: true })))
      .returning({ publicId: schema.paymentMethods.publicId });
    users.forEach((_, i) => diners.push({ cookie: `sid=${tokens[i]}`, addressId: addresses[i].id, card: cards[i].publicId }));
  }
  await database.close();
  return {
    diners,
    racers,
    freeRoom: roomRows[roomRows.length - 1].id,
    reservations: rows.length,
    rooms: roomRows.length,
    today,
    guest: { cookie: `sid=${token}`, addressId: address.id, card: card.publicId, products: productRows.map((p) => p.id) },
  };
}

/** The ceiling: Fastify with one route and nothing else, in a process of its own with the same flags. */
async function serveBare() {
  const { default: Fastify } = await import('fastify');
  const bare = Fastify({ logger: false });
  bare.get('/bare/', async () => ({ status: 'ok' }));
  process.stdout.write(`running at ${await bare.listen({ host: '127.0.0.1', port: 0 })}\n`);
}

/** A loopback TCP balancer: each connection goes to the next upstream in turn (`--balance=PORT,PORT`). */
async function serveBalancer(ports) {
  let turn = 0;
  const balancer = net.createServer((socket) => {
    const upstream = net.connect(ports[turn++ % ports.length], '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    const close = () => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', close);
    upstream.on('error', close);
  });
  await new Promise((resolve) => balancer.listen(0, '127.0.0.1', resolve));
  process.stdout.write(`running at http://127.0.0.1:${balancer.address().port}\n`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a process and resolves once it says where it runs. The product is the built server
 * (apps/api/dist-bench/server.js, made by this run), started with the flags and the environment
 * `npm start` gives it (scripts/start.mjs), so its speed and memory are the product's.
 */
function start(args, env) {
  const flags = [...serverNodeFlags(env), ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean)];
  const child = spawn(process.execPath, [...flags, ...args], {
    cwd: root,
    env: serverEnv({ ...process.env, ...env }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1] });
    });
    child.on('exit', (code) => reject(new Error(`${args.at(-1)} exited with code ${code}:\n${output}`)));
  });
}

async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-bench-'));
  const serverUrl = process.env.DATABASE_URL;
  let databaseUrl = '';
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `hotel_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }

  const instances = Number(process.argv.find((arg) => arg.startsWith('--instances='))?.split('=')[1] ?? 1);
  if (instances > 1 && !databaseUrl) throw new Error('--instances needs DATABASE_URL: the embedded database is one process\'s');
  const driver = databaseUrl ? 'PostgreSQL' : 'PGlite';
  process.stdout.write(`Seeding ${driver}… `);
  const seeded = await seed(databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dataDir, 'db') });
  process.stdout.write(`${seeded.rooms} rooms, ${seeded.reservations} reservations around ${seeded.today}\n`);

  const build = spawnSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps/api'), env: { ...process.env, API_OUT_DIR: 'dist-bench' }, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('Building the server failed');
  const port = await freePort();
  const serverSettings = (at) => ({
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'sandbox',
    HOST: '127.0.0.1',
    PORT: String(at),
    PUBLIC_URL: `http://127.0.0.1:${at}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    CLIENT_TOKEN,
    SEED_DEMO: 'false',
    LOG_LEVEL: process.env.BENCH_LOG ? 'error' : 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    SEARCH_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const { child, url } = await start([path.join(root, 'apps/api/dist-bench/server.js')], serverSettings(port));
  const bare = await start([fileURLToPath(import.meta.url), '--bare'], { DATABASE_URL: databaseUrl });
  // More instances on the same database, each with a data folder of its own, and the balancer.
  const more = [];
  for (let i = 1; i < instances; i++) {
    const at = await freePort();
    const folder = await mkdtemp(path.join(os.tmpdir(), 'hotel-bench-'));
    more.push({ ...(await start([path.join(root, 'apps/api/dist-bench/server.js')], { ...serverSettings(at), DATA_DIR: folder })), port: at, folder });
  }
  const balancer = more.length > 0 ? await start([fileURLToPath(import.meta.url), `--balance=${[port, ...more.map((m) => m.port)].join(',')}`], { DATABASE_URL: databaseUrl }) : null;

  const { addDays } = await import(path.join(root, 'packages/domain/src/index.ts'));
  const random = prng(42);
  const searchPath = () => {
    const arrival = addDays(seeded.today, Math.floor(random() * 360));
    const departure = addDays(arrival, 1 + Math.floor(random() * 7));
    const guests = 1 + Math.floor(random() * 4);
    return `/api/v1/hotel/reservations/variants/?arrival=${arrival}&departure=${departure}&guest_count=${guests}`;
  };
  // Every stay of 330 arrivals × 1–28 nights × 1–4 guests (36,960, all within the booking horizon
  // of 365 days and the longest stay of 30 nights), shuffled, each asked for once before any is
  // asked again: what a cache of recent answers cannot serve.
  const everyStay = [];
  for (let day = 0; day < 330; day++) {
    for (let nights = 1; nights <= 28; nights++) {
      for (let guests = 1; guests <= 4; guests++) everyStay.push({ arrival: addDays(seeded.today, day), departure: addDays(seeded.today, day + nights), guests });
    }
  }
  for (let i = everyStay.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [everyStay[i], everyStay[j]] = [everyStay[j], everyStay[i]];
  }
  /** One request whose path is the next stay's on every call, shared by all connections. */
  const eachStay = (pathFor, extra = {}) => {
    const paths = everyStay.map(pathFor);
    let next = 0;
    return { method: 'GET', ...extra, setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) };
  };
  /**
   * Every stay in turn as above, but each connection is handed its own share of the paths before
   * it starts (connection k of C asks stays k, k + C, k + 2C… from where the last run stopped), so
   * the load generator sends bytes built in advance, as for the bare route: rebuilding a request
   * per call costs it, on the same two cores, some 50 µs a request, which the server's figure
   * would otherwise pay for (issue 47). The connections keep about the same pace, so each stay is
   * still asked once before any is asked again.
   */
  const eachStayByConnection = (pathFor) => {
    const paths = everyStay.map(pathFor);
    let asked = 0;
    return {
      setupClients(connections) {
        let client = 0;
        const from = asked;
        return (connection) => {
          const mine = [];
          for (let i = client++; i < paths.length; i += connections) mine.push({ method: 'GET', path: paths[(from + i) % paths.length] });
          connection.setRequests(mine);
        };
      },
      ran(requests) {
        asked += requests;
      },
    };
  };
  const variantsPath = (stay) => `/api/v1/hotel/reservations/variants/?arrival=${stay.arrival}&departure=${stay.departure}&guest_count=${stay.guests}`;
  const roomsPagePath = (stay) => `/hotel/rooms?checkIn=${stay.arrival}&checkOut=${stay.departure}&guests=${stay.guests}`;
  // A server's user and system CPU time (/proc/PID/stat, clock ticks of 1/100 s).
  const cpuSeconds = async (pid) => {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  const memory = async () => {
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
  };

  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = await memory();
    const { guest } = seeded;
    const only = new Set((process.env.BENCH_ROUTES ?? 'bare,health,search,search-varied,search-one,rooms-page,menu,orders').split(',').map((name) => name.trim()));
    // One order of three dishes, priced before the clock starts as a guest's screen prices it: the
    // server answers a wrong expected_total with 409 and the current total, placing nothing.
    // Outside the kitchen's hours every order is refused with 409, and the row says so instead.
    let orderRequest = (request) => request;
    let kitchenClosed = '';
    if (only.has('orders')) {
      const items = guest.products.slice(0, 3).map((id, i) => ({ product_id: String(id), quantity: 1 + i }));
      const order = { address_id: guest.addressId, payment_method_id: guest.card, items, comment: '' };
      const probe = await fetch(`${url}/api/v1/orders/`, {
        method: 'POST',
        headers: { 'x-client-token': CLIENT_TOKEN, 'content-type': 'application/json', cookie: guest.cookie },
        body: JSON.stringify({ ...order, expected_total: 0 }),
      });
      const answer = await probe.json();
      if (probe.status === 409 && typeof answer.total === 'number') {
        // Each diner in turn, three orders each: then the diners are used up and orders are refused.
        let placed = 0;
        orderRequest = (request) => {
          const diner = seeded.diners[Math.floor(placed++ / 3)] ?? seeded.diners.at(-1);
          const body = JSON.stringify({ address_id: diner.addressId, payment_method_id: diner.card, items, comment: '', expected_total: answer.total });
          return { ...request, headers: { ...request.headers, cookie: diner.cookie }, body };
        };
      }
      else if (probe.status === 409) kitchenClosed = answer.detail;
      else throw new Error(`Pricing an order answered ${probe.status}: ${JSON.stringify(answer)}`);
    }
    const routes = [
      { name: 'bare', label: 'bare Fastify route (the ceiling)', base: bare.url, pid: bare.child.pid, request: { method: 'GET', path: '/bare/' } },
      { name: 'health', label: 'GET health/', request: { method: 'GET', path: '/api/v1/health/' } },
      // 2,000 random searches, made before the clock starts and taken in turn: a request built on
      // the fly costs the load generator, on the same two cores, more than the server's answer.
      { name: 'search', label: 'GET hotel/reservations/variants/', requests: Array.from({ length: 2000 }, () => ({ method: 'GET', path: searchPath() })) },
      // Issue 47: a different stay on every request (the cycle of 36,960 is longer than a run), and
      // the same stay repeated, beside the 2,000 above.
      { name: 'search-varied', label: 'variants/, a new stay every request', byConnection: eachStayByConnection(variantsPath) },
      { name: 'search-one', label: 'variants/, one stay repeated', request: { method: 'GET', path: variantsPath(everyStay[0]) } },
      // The search page drawn by the server (what the form posts to before the app is live, what
      // a shared link opens), a new stay every request, at BENCH_PAGE_CONNECTIONS (default 50).
      {
        name: 'rooms-page',
        label: '/hotel/rooms?checkIn…, a new stay',
        connections: Number(process.env.BENCH_PAGE_CONNECTIONS ?? 50),
        seconds: Number(process.env.BENCH_PAGE_SECONDS ?? seconds),
        request: eachStay(roomsPagePath, { headers: { 'accept-encoding': 'br, gzip' } }),
      },
      { name: 'menu', label: 'GET delivery/products/ (38 dishes)', request: { method: 'GET', path: '/api/v1/delivery/products/' } },
      {
        name: 'orders',
        label: 'POST orders/ (3 dishes, signed in)',
        request: { method: 'POST', path: '/api/v1/orders/', headers: { 'content-type': 'application/json' }, setupRequest: (r) => orderRequest(r) },
      },
    ];
    console.log(`\n${driver}: ${seeded.rooms} rooms, ${seeded.reservations} reservations; ${connections} connections, ${seconds} s per route`);
    console.log('  route                                   req/s  vs bare     p50     p99  non-2xx  errors  time-outs    bytes  server CPU');
    let ceiling = 0;
    const servers = [child, ...more.map((m) => m.child)];
    const clustered = balancer ? routes.filter((r) => ['search', 'menu', 'orders'].includes(r.name)).map((r) => ({ ...r, label: `${r.label.split(' (')[0]} ×${instances}`, base: balancer.url, pids: servers.map((server) => server.pid) })) : [];
    if (kitchenClosed) {
      only.delete('orders');
      console.log(`  (orders not run: the kitchen is closed now — "${kitchenClosed}")`);
    }
    for (const route of [...routes.filter((r) => r.name === 'bare' || only.has(r.name)), ...clustered.filter((r) => only.has(r.name))]) {
      if (route === clustered[0]) console.log(`  ${instances} instances on one database behind a loopback balancer (server CPU: all of them):`);
      const options = { url: route.base ?? url, headers: { 'x-client-token': CLIENT_TOKEN }, requests: route.requests ?? [route.request ?? { method: 'GET' }] };
      const clients = (count) => (route.byConnection ? { setupClient: route.byConnection.setupClients(count) } : {});
      const warm = await autocannon({ ...options, ...clients(10), connections: 10, duration: 2 });
      route.byConnection?.ran(warm.requests.total);
      const pids = route.pids ?? [route.pid ?? child.pid];
      const cpu = async () => (await Promise.all(pids.map(cpuSeconds))).reduce((sum, value) => sum + value, 0);
      const cpuBefore = await cpu();
      const balancerBefore = route.pids ? await cpuSeconds(balancer.child.pid) : 0;
      // The search page's memory through the run, a sample a second: flat means it stops growing.
      const samples = [];
      const sampler = route.name === 'rooms-page' ? setInterval(() => void memory().then(({ rss }) => samples.push(rss)), 1000) : undefined;
      const duration = route.seconds ?? seconds;
      const r = await autocannon({ ...options, ...clients(route.connections ?? connections), connections: route.connections ?? connections, duration });
      clearInterval(sampler);
      route.byConnection?.ran(r.requests.total);
      // The balancer copies every byte twice in one thread: on two cores it may be what limits.
      const balancerBusy = route.pids ? `  balancer ${Math.round((100 * ((await cpuSeconds(balancer.child.pid)) - balancerBefore)) / duration)} %` : '';
      // The servers' own CPU time over the run, as a share of one core: near 100 % per server it is the limit; well below, the load generator is.
      const busy = `${Math.round((100 * ((await cpu()) - cpuBefore)) / duration)} %`;
      const bytes = Math.round(r.throughput.total / Math.max(1, r.requests.total));
      ceiling ||= r.requests.average;
      const ratio = `${Math.round((100 * r.requests.average) / ceiling)} %`;
      const quarters = [1, 2, 3, 4].map((quarter) => samples[Math.min(samples.length - 1, Math.ceil((quarter * samples.length) / 4) - 1)]);
      const memoryNow = route.name === 'rooms-page' ? `  memory ${samples.length > 0 ? `${quarters.join(' → ')} → ` : ''}${(await memory()).rss} MB (each quarter of the run, then after)` : '';
      console.log(
        `  ${route.label.padEnd(38)} ${r.requests.average.toFixed(0).padStart(6)} ${ratio.padStart(8)} ${`${r.latency.p50} ms`.padStart(7)} ${`${r.latency.p99} ms`.padStart(7)} ${String(r.non2xx).padStart(8)} ${String(r.errors).padStart(7)} ${String(r.timeouts).padStart(10)} ${String(bytes).padStart(8)} ${busy.padStart(10)}${balancerBusy}${memoryNow}`,
      );
    }

    // Bookings racing for the same nights: 20 guests at once for each of 10 nights of the free room.
    const race = [];
    for (let night = 0; night < 10; night++) {
      const arrival = addDays(seeded.today, 30 + 3 * night);
      const answers = await Promise.all(
        seeded.racers.map((racer) =>
          fetch(`${url}/api/v1/hotel/reservations/`, {
            method: 'POST',
            headers: { 'x-client-token': CLIENT_TOKEN, 'content-type': 'application/json', cookie: racer.cookie },
            body: JSON.stringify({ room_id: seeded.freeRoom, arrival, departure: addDays(arrival, 2), payment_method_id: racer.card }),
          }).then(async (response) => {
            if (response.status >= 500) console.log(`  ${response.status}: ${(await response.text()).slice(0, 300)}`);
            return response.status;
          }),
        ),
      );
      race.push(answers);
    }
    const winners = race.map((answers) => answers.filter((status) => status === 201).length);
    const others = [...new Set(race.flat().filter((status) => status !== 201))];
    console.log(`\n  racing bookings: 10 nights × 20 guests at once; winners per night ${winners.join(' ')} (others answered ${others.join(', ')})`);
    // Exactly one winner, and every loser told so (409): a 5xx is a bug, not a lost race.
    if (winners.some((count) => count !== 1) || others.some((status) => status !== 409)) process.exitCode = 1;

    const end = await memory();
    console.log(`  server memory: ${idle.rss} MB resident at idle, ${end.rss} MB after the load (peak ${end.peak} MB)`);
  } finally {
    for (const server of [child, bare.child, ...more.map((m) => m.child), ...(balancer ? [balancer.child] : [])]) {
      server.removeAllListeners('exit');
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
    for (const { folder } of more) await rm(folder, { recursive: true, force: true });
  }
}

const balance = process.argv.find((arg) => arg.startsWith('--balance='));
if (process.argv.includes('--bare')) {
  await serveBare();
} else if (balance) {
  await serveBalancer(balance.split('=')[1].split(',').map(Number));
} else {
  await main();
}
