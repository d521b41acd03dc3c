/**
 * The server's side of the embedded database's thread (pglite-thread.ts). It offers what the
 * server uses of PGlite (query, exec, transaction, listen) and sends each statement over as one
 * message, answered by one message: the rows, or the error with its SQLSTATE and constraint.
 */
import { Worker } from 'node:worker_threads';
import type { PGliteInterface, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** PGlite's dump compression ('none', 'gzip', 'auto'); the package does not export the type by name. */
type DumpTarCompressionOptions = Parameters<PGliteInterface['dumpDataDir']>[0];

export interface ThreadData {
  dataDir: string;
  startParams: string[];
}

interface StatementOptions {
  rowMode?: 'array' | 'object' | undefined;
  /** Types read as PostgreSQL writes them (drizzle keeps dates and timestamps as text). */
  rawTypes?: number[] | undefined;
}

export type ThreadRequest = { id: number } & (
  | ({ op: 'query'; sql: string; params?: unknown[] | undefined; tx?: number | undefined } & StatementOptions)
  | ({ op: 'exec'; sql: string; tx?: number | undefined } & StatementOptions)
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'dump'; compression: DumpTarCompressionOptions | undefined }
  | { op: 'close' }
);

type RequestBody = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface ErrorDescription {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export type ThreadReply =
  | { type: 'ready' }
  | { type: 'failed'; error: ErrorDescription }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; error: ErrorDescription }
  | { type: 'notify'; channel: string; payload: string };

function rebuild({ name, message, fields }: ErrorDescription): Error {
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  return error;
}

/** Only parsers that return what they are given can cross to the thread (a function cannot). */
function statementOptions(options: QueryOptions | undefined): StatementOptions {
  const rawTypes = options?.parsers
    ? Object.entries(options.parsers).map(([type, parse]) => {
        if (parse('2026-01-01', Number(type)) !== '2026-01-01') throw new Error(`Only parsers that keep the text can reach the database thread (type ${type})`);
        return Number(type);
      })
    : undefined;
  return { rowMode: options?.rowMode, rawTypes };
}

export class PgliteThread {
  readonly #thread: Worker;
  readonly #calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextCall = 1;
  /** Why the thread is gone, once it is: every later call fails with it. */
  #gone: Error | undefined;
  readonly waitReady: Promise<void>;

  constructor(data: ThreadData) {
    // The built server has the thread's file beside it (.js); the sources run the .ts, which Node strips.
    const source = import.meta.url.endsWith('.ts');
    this.#thread = new Worker(new URL(source ? './pglite-thread.ts' : './pglite-thread.js', import.meta.url), {
      workerData: data,
      // The server's own flags (a loader, profiling) are not the thread's concern.
      execArgv: [],
    });
    this.waitReady = new Promise((resolve, reject) => {
      this.#thread.on('message', (reply: ThreadReply) => {
        if (reply.type === 'ready') resolve();
        else if (reply.type === 'failed') reject(rebuild(reply.error));
        else this.#receive(reply);
      });
      this.#thread.on('error', (error: Error) => {
        this.#fail(error);
        reject(error);
      });
      this.#thread.on('exit', (code) => {
        const error = new Error(`The database thread ended (${code})`);
        this.#fail(error);
        reject(error);
      });
    });
  }

  #receive(reply: Exclude<ThreadReply, { type: 'ready' | 'failed' }>) {
    if (reply.type === 'notify') {
      for (const listener of this.#listeners.get(reply.channel) ?? []) queueMicrotask(() => listener(reply.payload));
      return;
    }
    const call = this.#calls.get(reply.id);
    if (!call) return;
    this.#calls.delete(reply.id);
    if (reply.type === 'result') call.resolve(reply.result);
    else call.reject(rebuild(reply.error));
  }

  #fail(error: Error) {
    this.#gone ??= error;
    for (const call of this.#calls.values()) call.reject(error);
    this.#calls.clear();
  }

  #call<T>(body: RequestBody): Promise<T> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#nextCall++;
    return new Promise<T>((resolve, reject) => {
      this.#calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#thread.postMessage({ ...body, id });
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.#call({ op: 'query', sql, params, tx, ...statementOptions(options) });
  }

  exec(sql: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.#call({ op: 'exec', sql, tx, ...statementOptions(options) });
  }

  /** Commits when `callback` returns, rolls back when it throws, as PGlite's own transaction does. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin' });
    let closed = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.query<R>(sql, params, options, id),
      exec: (sql: string, options?: QueryOptions) => this.exec(sql, options, id),
      rollback: async () => {
        closed = true;
        await this.#call({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.#call({ op: 'end', tx: id, commit: true });
    }
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listeners = this.#listeners.get(channel) ?? new Set();
    this.#listeners.set(channel, listeners);
    listeners.add(callback);
    if (listeners.size === 1) await this.#call({ op: 'listen', channel });
    return async () => {
      listeners.delete(callback);
    };
  }

  /** The whole data folder as a tar file, as PGlite's dumpDataDir gives it (tests copy a migrated template). */
  async dumpDataDir(compression?: DumpTarCompressionOptions): Promise<Blob> {
    return new Blob([await this.#call<Uint8Array<ArrayBuffer>>({ op: 'dump', compression })]);
  }

  /** PGlite closes the folder first, as a server does when it shuts down; then the thread ends. */
  async close(): Promise<void> {
    if (!this.#gone) await this.#call({ op: 'close' }).catch(() => undefined);
    await this.#thread.terminate();
  }
}

/** Starts the thread and waits until its database is open. */
export async function openPgliteThread(data: ThreadData): Promise<PgliteThread & PGliteInterface> {
  const thread = new PgliteThread(data);
  try {
    await thread.waitReady;
  } catch (error) {
    await thread.close().catch(() => undefined);
    throw error;
  }
  return thread as PgliteThread & PGliteInterface;
}
