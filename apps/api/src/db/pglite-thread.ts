/**
 * The embedded database in a thread of its own; the server talks to it through
 * pglite-thread-client.ts, one message each way per statement.
 *
 * PGlite runs PostgreSQL's WebAssembly synchronously: in the server's thread each statement would
 * hold every request still waiting to be read. Here it holds only this thread, and statements run
 * one at a time as PGlite always runs them (its own locks, in the order they arrive).
 *
 * This file imports packages only, so Node runs it as it is (types are stripped) from the sources,
 * and esbuild builds it beside the server.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { ThreadData, ThreadReply, ThreadRequest } from './pglite-thread-client';

const port = parentPort!;
const { dataDir, startParams } = workerData as ThreadData;

/** A transaction staff or a guest's request holds open, statement by statement, until told to end. */
interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  settled: Promise<void>;
}

/** Thrown inside PGlite's transaction to make it roll back. */
class RollBack extends Error {}

const transactions = new Map<number, OpenTransaction>();
let nextTransaction = 1;

const send = (reply: ThreadReply) => port.postMessage(reply);

/** A PostgreSQL error crosses over with its fields (code, constraint, detail…), which callers read. */
function describe(error: unknown): Extract<ThreadReply, { type: 'error' }>['error'] {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || (typeof value === 'object' && value !== null)) continue;
    fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/** Drizzle asks for some types as PostgreSQL wrote them (dates, timestamps); the client names them. */
function queryOptions(request: { rowMode?: 'array' | 'object' | undefined; rawTypes?: number[] | undefined }): QueryOptions {
  const options: QueryOptions = {};
  if (request.rowMode) options.rowMode = request.rowMode;
  if (request.rawTypes) options.parsers = Object.fromEntries(request.rawTypes.map((type) => [type, (value: string) => value]));
  return options;
}

function target(id: number | undefined): PGlite | Transaction {
  if (id === undefined) return database;
  const open = transactions.get(id);
  if (!open) throw new Error(`Transaction ${id} is not open`);
  return open.tx;
}

async function begin(): Promise<number> {
  const id = nextTransaction++;
  let begun!: () => void;
  const started = new Promise<void>((resolve) => (begun = resolve));
  const settled = database
    .transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          transactions.set(id, { tx, end: (commit) => (commit ? resolve() : reject(new RollBack())), settled });
          begun();
        }),
    )
    .then(() => undefined);
  // A BEGIN that fails rejects `settled` before the transaction is ever open.
  await Promise.race([started, settled]);
  return id;
}

async function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  if (!open) throw new Error(`Transaction ${id} is not open`);
  transactions.delete(id);
  open.end(commit);
  try {
    await open.settled;
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
}

async function handle(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return target(request.tx).query(request.sql, request.params, queryOptions(request));
    case 'exec':
      return target(request.tx).exec(request.sql, queryOptions(request));
    case 'begin':
      return begin();
    case 'end':
      return end(request.tx, request.commit);
    case 'listen':
      await database.listen(request.channel, (payload) => send({ type: 'notify', channel: request.channel, payload }));
      return null;
    case 'dump': {
      const dump = await database.dumpDataDir(request.compression);
      return new Uint8Array(await dump.arrayBuffer());
    }
    case 'close':
      await database.close();
      return null;
  }
}

let database: PGlite;
try {
  database = await PGlite.create(dataDir, { extensions: { btree_gist }, startParams });
} catch (error) {
  send({ type: 'failed', error: describe(error) });
  throw error;
}

port.on('message', (request: ThreadRequest) => {
  handle(request).then(
    (result) => send({ type: 'result', id: request.id, result }),
    (error: unknown) => send({ type: 'error', id: request.id, error: describe(error) }),
  );
});
send({ type: 'ready' });
