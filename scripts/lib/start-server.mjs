// Starts the built server the way `npm start` runs it, on a free port of loopback and a data
// folder of its own, and stops it again: shared by the end-to-end tests (e2e/support/server.ts)
// and the benchmarks that browse a real server (bench-lighthouse.mjs).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverEnv, serverNodeFlags } from '../server-flags.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** A port of loopback nobody listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Sends SIGTERM and waits for the process to be gone. */
async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The built server on a fresh data folder. `env` adds to the environment (an undefined value
 * leaves a variable out); `serverFile` and `webDir` name another build than the default one.
 * Answers { url, dataDir, stop() }; stop() waits for the process to exit before it removes the
 * folder, so the server never writes into a folder being removed.
 * @param {{ env?: Record<string, string | undefined>, serverFile?: string, webDir?: string, startTimeoutMs?: number, prefix?: string }} [options]
 */
export async function startServer(options = {}) {
  const serverFile = options.serverFile ?? process.env.API_SERVER_FILE ?? path.join(root, 'apps/api/dist/server.js');
  const webDir = options.webDir ?? process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
  if (!existsSync(serverFile) || !existsSync(path.join(webDir, 'index.html'))) {
    throw new Error('The app is not built: run `npm run build` first.');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), options.prefix ?? 'hotel-server-'));
  // The server takes its public origin from PUBLIC_URL, never from a request: so the port is
  // chosen here, to name it.
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PAYMENT_PROVIDER: 'sandbox',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: webDir,
    ...options.env,
  };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  // With `npm start`'s flags and environment (server-flags.mjs): the tests and benchmarks run the server that ships.
  const child = spawn(process.execPath, [...serverNodeFlags(env), serverFile], { cwd: root, env: serverEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });

  // A first start migrates and draws the demo content's pictures: seconds on a quiet machine, and
  // far more beside other tests on two cores. The bound only says when to give up waiting for it.
  const startTimeoutMs = options.startTimeoutMs ?? 300_000;
  try {
    const url = await new Promise((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`Server did not start in ${startTimeoutMs / 1000} s:\n${output}`)), startTimeoutMs);
      child.stdout.on('data', (chunk) => {
        output += chunk.toString();
        const match = /running at (http:\/\/\S+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1].replace('localhost', '127.0.0.1'));
        }
      });
      child.stderr.on('data', (chunk) => {
        output += chunk.toString();
        process.stderr.write(chunk);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Server exited with code ${code}:\n${output}`));
      });
    });
    child.removeAllListeners('exit');
    return {
      url,
      dataDir,
      async stop() {
        await stopChild(child);
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
