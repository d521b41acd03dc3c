/**
 * Starts the built server once for the whole run, on a free port and a fresh data folder, the
 * way `npm start` runs it, and hands its URL to the tests through E2E_BASE_URL. The server's
 * letters go to an SMTP server on loopback; the tests read them from E2E_MAIL_DIR (support/mail.ts).
 * Google sign-in goes to an OpenID Connect server on loopback (support/google.ts); Yandex stays
 * unconfigured, so its button is hidden. The superuser of support/admin.ts is made with the
 * create-superuser command once the server runs.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createSuperuser } from './support/admin';
import { startGoogle } from './support/google';
import { startMailCatcher } from './support/smtp';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export default async function globalSetup() {
  const server = process.env.API_SERVER_FILE ?? path.join(root, 'apps/api/dist/server.js');
  const web = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
  if (!existsSync(server) || !existsSync(path.join(web, 'index.html'))) {
    throw new Error('The app is not built: run `npm run build` first (npm run test:e2e does).');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-e2e-'));
  const mail = await startMailCatcher();
  process.env.E2E_MAIL_DIR = mail.dir;
  const google = await startGoogle();
  // The server takes its public origin from PUBLIC_URL, never from a request: so the port is
  // chosen here, to name it.
  const port = await freePort();
  const child = spawn(process.execPath, [server], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PAYMENT_PROVIDER: 'sandbox',
      // The run orders food whatever the hour; the kitchen's hours are checked by the API tests.
      ORDERS_ANY_HOUR: 'true',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Every browser of the run comes from 127.0.0.1 and signs in over and over: the limits per
      // client address would refuse the run itself. The API tests check them.
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      SEARCH_RATE_LIMIT_PER_MINUTE: '100000',
      // The booking sites' stand-in listens on loopback, which feeds reach only when allowed (decision 024).
      CALENDAR_FEED_ALLOW_PRIVATE: '127.0.0.1/32',
      SMTP_URL: mail.url,
      ...google.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  // A first start migrates and draws the demo content's pictures: a minute on a quiet machine, and
  // more beside the API tests on two cores. The bound only says when to give up waiting for it.
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Server did not start in 300 s:\n${output}`)), 300_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with code ${code}:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  process.env.E2E_BASE_URL = url;
  await createSuperuser(dataDir);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
    await mail.close();
    await google.close();
  };
}
