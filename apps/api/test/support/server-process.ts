/**
 * The server as `npm start` runs it (src/server.ts in a child process), for tests of what only a
 * process shows: that it stays up, exits, or refuses connections.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { inject } from 'vitest';

const apiRoot = path.resolve(import.meta.dirname, '../..');

export const PROCESS_CLIENT_TOKEN = 'process-test-client-token';

/**
 * Gives `dataDir` an embedded database already made and migrated: a copy of the run's template
 * (test/global-setup.ts), where the server looks for it (databaseConfig in src/env.ts). On a new
 * folder the server first runs initdb and every migration, about 5 of the 10 CPU-seconds of its
 * start, which only a test of a first start needs. A PostgreSQL run has no embedded template: the
 * server then makes the folder itself, as on a first start.
 */
export async function copyMigratedDatabase(dataDir: string): Promise<void> {
  const template = inject('pgliteTemplateFolder');
  if (template) await cp(template, path.join(dataDir, 'db'), { recursive: true });
}

export interface ServerProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string | null>;
  /** Resolves with the base URL once the server listens; rejects if it exits first. */
  listening: Promise<string>;
  /** Everything it wrote so far. */
  output(): string;
  /** Resolves once its output matches. */
  said(pattern: RegExp): Promise<void>;
  kill(): void;
}

export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      CALENDAR_SYNC_MINUTES: '0',
      PAYMENT_SETTLE_INTERVAL_SECONDS: '0',
      REVIEW_LETTERS_INTERVAL_SECONDS: '0',
      CLIENT_TOKEN: PROCESS_CLIENT_TOKEN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiting = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiting) check();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<number | string | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  const said = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(output)) return;
        waiting.delete(check);
        resolve();
      };
      waiting.add(check);
      check();
      void exited.then(() => {
        if (waiting.delete(check)) reject(new Error(`exited before saying ${pattern}: ${output}`));
      });
    });
  const listening = said(/running at http:\/\/\S+/).then(() => /running at (http:\/\/\S+)/.exec(output)![1]!.replace('localhost', '127.0.0.1'));
  return { child, exited, listening, output: () => output, said, kill: () => void child.kill('SIGKILL') };
}
