/**
 * A PostgreSQL server of a test's own (initdb in a temp folder, a free port on loopback), which the
 * test may stop and start again: a shared server must never be restarted under other tests. Run as
 * the `postgres` user when the tests run as root, which PostgreSQL refuses.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The folder of initdb, pg_ctl and postgres, the newest installed; null when there is none. */
export async function postgresBinaries(): Promise<string | null> {
  const root = '/usr/lib/postgresql';
  const versions = await readdir(root).catch(() => [] as string[]);
  const newest = versions.filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(root, newest, 'bin') : null;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface PostgresServer {
  /** postgres://…/<database>, trust authentication. */
  url(database?: string): string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

export async function startPostgresServer(binaries: string): Promise<PostgresServer> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'hotel-pg-'));
  const data = path.join(folder, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(folder, Number(stdout.trim()), Number(group.trim()));
  }
  // runuser lives in /usr/sbin, which a root shell's PATH may leave out (a cron job's, a CI step's).
  const runuser = existsSync('/usr/sbin/runuser') ? '/usr/sbin/runuser' : 'runuser';
  const as = (command: string, args: string[]) =>
    asRoot ? run(runuser, ['-u', 'postgres', '--', path.join(binaries, command), ...args]) : run(path.join(binaries, command), args);
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB`;
  const start = async () => {
    await as('pg_ctl', ['-D', data, '-o', options, '-l', path.join(folder, 'log'), '-w', 'start']);
  };
  const stop = async () => {
    await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  return {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start,
    stop,
    async destroy() {
      await stop().catch(() => {});
      await rm(folder, { recursive: true, force: true });
    },
  };
}
