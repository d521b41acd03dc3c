/**
 * The embedded database belongs to one process at a time (docs/decisions/016-data-folder-lock.md).
 * PGlite keeps no lock of its own: a second process on the same folder starts without a word,
 * each sees only its own writes, and acknowledged writes are lost. So the process that opens the
 * folder first listens on a local socket named after it; a second one finds the name taken and
 * refuses to start, naming the holder.
 *
 * On Linux the socket lives in the abstract namespace: the kernel frees the name when the holder
 * dies, even by `kill -9`, so there is never a stale lock. Elsewhere it is a socket file beside
 * the folder, taken over when nobody answers on it.
 *
 * The same socket lets a command-line tool ask the running server to do a job on its database
 * (create-superuser does), with a secret from a file only the folder's owner can read.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';

export type ControlHandler = (request: Record<string, unknown>) => Promise<Record<string, unknown>>;

export interface DataFolderLock {
  /** Answers requests of command-line tools for the job `op`. */
  serve(op: string, handler: ControlHandler): void;
  release(): Promise<void>;
}

export class DataFolderBusyError extends Error {
  constructor(
    readonly folder: string,
    readonly holderPid: number | null,
  ) {
    super(
      `The database folder ${folder} is in use by another process${holderPid ? ` (pid ${holderPid})` : ''}. ` +
        'Only one process may open the embedded database: stop the other one, or set DATA_DIR to another folder. ' +
        'To create a superuser while the site runs, `npm run create-superuser` asks the running server.',
    );
    this.name = 'DataFolderBusyError';
  }
}

const MAX_LINE = 64 * 1024;

function socketAddress(folder: string): { address: string; file: string | null } {
  const real = realpathSync(folder);
  if (process.platform === 'linux') {
    const name = createHash('sha256').update(real).digest('hex').slice(0, 40);
    return { address: `\0house1799-db-${name}`, file: null };
  }
  const file = `${real}.sock`;
  return { address: file, file };
}

/** Where the secret for control requests is kept: beside the folder, readable by its owner only. */
function secretFile(folder: string): string {
  return `${realpathSync(folder)}.control`;
}

function listen(server: Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(address);
  });
}

/** One JSON request, one JSON answer; null when nobody listens at the address. */
export function askDataFolderOwner(
  folder: string,
  request: Record<string, unknown>,
  timeoutMs = 30_000,
): Promise<Record<string, unknown> | null> {
  const { address } = socketAddress(folder);
  return new Promise((resolve, reject) => {
    const socket = connect(address);
    let buffer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('The process that holds the database did not answer'));
    }, timeoutMs);
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end < 0) return;
      clearTimeout(timer);
      socket.end();
      try {
        resolve(JSON.parse(buffer.slice(0, end)) as Record<string, unknown>);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(null);
      else reject(error);
    });
  });
}

/** The secret a command-line tool presents to the running server (it can read the folder, so it may). */
export function readControlSecret(folder: string): string | null {
  try {
    return readFileSync(secretFile(folder), 'utf8').trim();
  } catch {
    return null;
  }
}

/**
 * Takes the folder for this process, or throws DataFolderBusyError when another process has it.
 * The folder is created if missing (its real path names the lock).
 */
export async function lockDataFolder(folder: string): Promise<DataFolderLock> {
  mkdirSync(folder, { recursive: true });
  const { address, file } = socketAddress(folder);
  const handlers = new Map<string, ControlHandler>();
  const secret = randomBytes(32).toString('base64url');
  const sockets = new Set<Socket>();

  const answer = async (line: string): Promise<Record<string, unknown>> => {
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return { error: 'Not JSON' };
    }
    if (request.op === 'hello') return { pid: process.pid };
    const given = Buffer.from(typeof request.secret === 'string' ? request.secret : '');
    const expected = Buffer.from(secret);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { error: 'Not allowed' };
    const handler = typeof request.op === 'string' ? handlers.get(request.op) : undefined;
    if (!handler) return { error: `Unknown request ${String(request.op)}` };
    try {
      return await handler(request);
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  };

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_LINE) return socket.destroy();
      const end = buffer.indexOf('\n');
      if (end < 0) return;
      const line = buffer.slice(0, end);
      buffer = '';
      void answer(line).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  // The lock must not keep a finished process alive.
  server.unref();

  try {
    await listen(server, address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const holder = await askDataFolderOwner(folder, { op: 'hello' }, 5_000).catch((): Record<string, unknown> => ({}));
    if (holder === null && file) {
      // A socket file nobody answers on was left by a process that died: take it over.
      rmSync(file, { force: true });
      await listen(server, address);
    } else {
      throw new DataFolderBusyError(folder, typeof holder?.pid === 'number' ? holder.pid : null);
    }
  }
  writeFileSync(secretFile(folder), `${secret}\n`, { mode: 0o600 });

  return {
    serve(op, handler) {
      handlers.set(op, handler);
    },
    async release() {
      rmSync(secretFile(folder), { force: true });
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (file) rmSync(file, { force: true });
    },
  };
}
