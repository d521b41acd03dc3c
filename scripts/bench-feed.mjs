// `npm run bench:feed`: what one booking site's calendar costs everyone else while it is imported
// (issue 21, point 2). On a throw-away embedded database (PGlite in a temp folder), the server
// answers GET health/ and GET auth/me/ (a signed-in guest) at BENCH_CONCURRENCY (default 4) for
// BENCH_SECONDS (default 5) without an import, then again while staff import the worst feed a
// room may list: BENCH_EVENTS (default 4,999) events all holding the same nights, served from
// loopback. Prints p50/p99 of both routes in each phase, and how long the import took.
// Runs under tsx (`node --import tsx`), since it builds the app from the API's TypeScript sources.
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { benchDatabase } from './lib/bench-app.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 4999);

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const ymd = (date) => date.toISOString().slice(0, 10).replaceAll('-', '');

/** The worst calendar a room may list: every event on the same nights. */
function overlappingFeed(count) {
  const arrival = new Date(Date.now() + 30 * 86_400_000);
  const departure = new Date(arrival.getTime() + 3 * 86_400_000);
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Bench//Overlapping//EN'];
  for (let i = 0; i < count; i += 1) {
    lines.push('BEGIN:VEVENT', `UID:bench-${i}@example`, `DTSTART;VALUE=DATE:${ymd(arrival)}`, `DTEND;VALUE=DATE:${ymd(departure)}`, 'SUMMARY:CLOSED - Not available', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

/** Requests `paths` round-robin at CONCURRENCY until `until()` says stop; latencies per path in ms. */
async function drive(base, paths, headers, until) {
  const latencies = Object.fromEntries(paths.map((p) => [p, []]));
  const errors = { count: 0 };
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (!until()) {
        const target = paths[next++ % paths.length];
        const started = performance.now();
        const res = await fetch(`${base}/api/v1/${target}`, { headers });
        await res.arrayBuffer();
        if (!res.ok) errors.count += 1;
        latencies[target].push(performance.now() - started);
      }
    }),
  );
  return { latencies, errors: errors.count };
}

function report(phase, result) {
  for (const [route, values] of Object.entries(result.latencies)) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `${phase.padEnd(22)} ${route.padEnd(10)} n=${String(sorted.length).padStart(6)}  p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(7)} ms  max ${sorted.at(-1)?.toFixed(1).padStart(7)} ms`,
    );
  }
  if (result.errors) console.log(`${phase.padEnd(22)} errors: ${result.errors}`);
}

const feedBody = overlappingFeed(EVENTS);
const site = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/calendar' }).end(feedBody));
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
const feedUrl = `http://127.0.0.1:${site.address().port}/calendar.ics`;

const bench = await benchDatabase('hotel-bench-feed-', { CALENDAR_FEED_ALLOW_PRIVATE: '127.0.0.1/32', CALENDAR_FEED_TIMEOUT_SECONDS: '120' });
const { db, schema } = bench;
const [room] = await db
  .insert(schema.rooms)
  .values({ slug: 'bench', position: 0, name: { ru: 'Номер', en: 'Room' }, description: { ru: 'Номер', en: 'Room' }, price: 100_00, primaryCapacity: 2, extraCapacity: 0, roomSize: 20, images: [] })
  .returning({ id: schema.rooms.id });
const session = async (role) => {
  const [user] = await db.insert(schema.users).values({ email: `${role}-${randomBytes(4).toString('hex')}@example.com`, isActive: true }).returning({ id: schema.users.id });
  if (role !== 'user') await db.insert(schema.staffRoles).values({ userId: user.id, role: role === 'admin' ? 'manager' : role });
  return bench.sessionHeaders(user.id);
};
const guest = await session('user');
const staff = await session('admin');
const address = await bench.start();
const paths = ['health/', 'auth/me/'];

console.log(`bench:feed: ${EVENTS} overlapping events (${(feedBody.length / 1024).toFixed(0)} KB), concurrency ${CONCURRENCY}, PGlite`);
try {
  // Warm up, then the quiet baseline.
  await drive(address, paths, guest, (() => { const end = Date.now() + 1000; return () => Date.now() > end; })());
  const quietEnd = Date.now() + SECONDS * 1000;
  report('without an import', await drive(address, paths, guest, () => Date.now() > quietEnd));

  const [feed] = await db.insert(schema.calendarFeeds).values({ roomId: room.id, name: 'Bench', url: feedUrl }).returning({ id: schema.calendarFeeds.id });
  let done = false;
  const started = performance.now();
  const importing = fetch(`${address}/api/v1/admin/calendar-feeds/${feed.id}/import/`, {
    method: 'POST',
    headers: { ...staff, 'content-type': 'application/json' },
    body: '{}',
  }).then(async (res) => {
    const body = await res.json();
    done = true;
    return { status: res.status, took: performance.now() - started, body };
  });
  const during = await drive(address, paths, guest, () => done);
  const result = await importing;
  report('during the import', during);
  console.log(
    `import: HTTP ${result.status} in ${(result.took / 1000).toFixed(2)} s; events held ${result.body.event_count}, conflicts kept ${result.body.conflicts?.length}, answer ${(JSON.stringify(result.body).length / 1024).toFixed(0)} KB${result.body.last_error ? `; error: ${result.body.last_error}` : ''}`,
  );
  console.log(`memory: rss ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB (this process: the server and the load)`);
} finally {
  await bench.close();
  site.close();
}
