/**
 * Starts the built server the way `npm start` runs it, on a free port of loopback and a data
 * folder of its own: global-setup.ts starts the run's shared one with it, and a spec that needs
 * other settings (the default request limits, say) starts one of its own.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
}

/** The built server on a fresh data folder; `env` adds to the environment of the run, and an undefined value leaves a variable out. */
export async function startServer(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  const server = process.env.API_SERVER_FILE ?? path.join(root, 'apps/api/dist/server.js');
  const web = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
  if (!existsSync(server) || !existsSync(path.join(web, 'index.html'))) {
    throw new Error('The app is not built: run `npm run build` first (npm run test:e2e does).');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-e2e-'));
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
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  // A first start migrates and draws the demo content's pictures: a minute on a quiet machine, and
  // more beside the API tests on two cores. The bound only says when to give up waiting for it.
  try {
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
    return {
      url,
      dataDir,
      async stop() {
        if (child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        }
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
