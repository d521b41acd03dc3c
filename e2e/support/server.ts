/**
 * Starts the built server the way `npm start` runs it (scripts/lib/start-server.mjs), on a free
 * port of loopback and a data folder of its own: global-setup.ts starts the run's shared one with
 * it, and a spec that needs other settings (the default request limits, say) starts one of its own.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort as freeLoopbackPort, startServer as startBuiltServer } from '../../scripts/lib/start-server.mjs';

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Stops the server, waits for it to exit, and removes its data folder. */
  stop(): Promise<void>;
}

export const freePort: () => Promise<number> = freeLoopbackPort;

/**
 * Every server of a run starts on a fresh data folder with the same demo pictures, and each page
 * asks for them resized: the servers share their resized copies through one folder of this
 * machine (IMAGE_CACHE_DIR) instead of each encoding them again (an AVIF is a few hundred
 * milliseconds of CPU). The folder is named after the encoder's source, so a change to how copies
 * are made starts a new one.
 */
const resizer = path.resolve(import.meta.dirname, '../../apps/api/src/modules/uploads/resized.ts');
const imageCacheDir = path.join(os.tmpdir(), `hotel-resized-pictures-${createHash('sha256').update(readFileSync(resizer)).digest('hex').slice(0, 12)}`);

/** The built server on a fresh data folder; `env` adds to the environment of the run, and an undefined value leaves a variable out. */
export function startServer(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  // The run's users are set-up, made by the hundred: their passwords and codes are hashed at
  // argon2's least cost (the server allows it on loopback only; auth.test.ts checks the site's).
  return startBuiltServer({ env: { PASSWORD_HASHING: 'fast-for-tests', IMAGE_CACHE_DIR: imageCacheDir, ...env }, prefix: 'hotel-e2e-' });
}
