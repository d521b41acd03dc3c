// What the benchmarks that build the app from the API's TypeScript sources (run under tsx) share:
// a migrated embedded database in a throw-away folder, the production settings with the request
// limits lifted and no timers, signed-in sessions made without the sign-in screens, and the app
// started on a free loopback port.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
export const CLIENT_TOKEN = 'bench-client-token';
/** A module of the API's sources, e.g. `api('db/schema.ts')`. */
export const api = (file) => import(path.join(root, 'apps/api/src', file));

/** A fresh database to fill; `settings` add to or replace the environment the app is built with. */
export async function benchDatabase(prefix, settings = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const [{ loadEnv }, { openDatabase }, { buildApp }, { createDiskStorage }, schema] = await Promise.all([
    api('env.ts'),
    api('db/client.ts'),
    api('app.ts'),
    api('storage/index.ts'),
    api('db/schema.ts'),
  ]);
  const env = loadEnv({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    CLIENT_TOKEN,
    LOG_LEVEL: 'error',
    SEED_DEMO: 'false',
    RATE_LIMIT_PER_MINUTE: '10000000',
    CALENDAR_SYNC_MINUTES: '0',
    ...settings,
  });
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  await database.migrate();
  const db = database.db;
  let app;
  return {
    env,
    db,
    schema,
    /** The headers of a request made as `userId`, through a session written straight to the database. */
    async sessionHeaders(userId) {
      const token = randomBytes(32).toString('base64url');
      await db.insert(schema.sessions).values({ tokenHash: createHash('sha256').update(token).digest('hex'), userId, expiresAt: new Date(Date.now() + 3_600_000) });
      return { 'x-client-token': CLIENT_TOKEN, cookie: `sid=${token}` };
    },
    /** Builds the app on the database and listens on loopback; answers its base URL. */
    async start() {
      app = await buildApp({ env, database, storage: createDiskStorage(dataDir), logger: false });
      return app.listen({ host: '127.0.0.1', port: 0 });
    },
    /** The app start() built (its availability in memory, its data versions), for benchmarks that call it in process. */
    get app() {
      return app;
    },
    /** Stops the app, closes the database and removes the folder. */
    async close() {
      await app?.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
