/**
 * Bounds on the work waiting for the embedded database (docs/decisions/022-lean-request-path.md).
 * PGlite runs one statement at a time (in a thread of its own, db/pglite-thread.ts). Left alone, a burst of calls
 * interleaves its statements: each call waits behind every other call's statements, once per
 * statement it makes, so all of them slow down together until clients give up. Instead:
 * - at most PGLITE_CONCURRENT_CALLS API calls that use the database run at once; the next ones
 *   wait in line, first come first served, so each admitted call finishes quickly;
 * - a call that waited PGLITE_QUEUE_WAIT_MS for its turn, or arrives when PGLITE_QUEUE_LIMIT
 *   calls or statements already wait, is answered 503 with Retry-After at once: the client
 *   learns to come back a moment later instead of timing out.
 * Pages and pictures never wait in this line, nor do routes that answer from memory or hold a
 * connection open (live updates): they say `config: { database: false }`.
 * A call never holds its turn across an outgoing call that may itself need one (the sandbox's page
 * posting its notification through the server's own router): it gives the turn back first
 * (releaseDatabaseTurn). Held, four such calls at once took all four turns and waited for a fifth.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@hotel/domain';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route does not wait for the database, so the line does not hold it back. */
    database?: boolean;
  }
}

export const DATABASE_BUSY_DETAIL = 'The server is busy, retry in a moment';
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 1;

export interface DatabaseQueueOptions {
  /** Statements handed to PGlite and not done; absent with PostgreSQL, which needs none of this. */
  pending?: () => number;
  /** Most calls (and statements) that may wait. */
  limit: number;
  /** Calls that use the database at once. */
  concurrent: number;
  /** Longest wait for a turn before the call is refused. */
  waitMs: number;
}

/** How each admitted call gives its turn back; absent with PostgreSQL, and once given. */
const turns = new WeakMap<FastifyRequest, () => void>();

/**
 * Gives the request's turn to the next call in line before its work is done: for a call whose
 * remaining work uses no database of its own, or waits on another call that does. Harmless when
 * the request holds no turn (PostgreSQL, routes outside the line) or gave it back already.
 */
export function releaseDatabaseTurn(request: FastifyRequest): void {
  turns.get(request)?.();
}

interface Waiting {
  reply: FastifyReply;
  admit: () => void;
  timer: NodeJS.Timeout;
}

export const databaseQueuePlugin = fp(async (app: FastifyInstance, options: DatabaseQueueOptions) => {
  const { pending, limit, concurrent, waitMs } = options;
  if (!pending) return;
  let running = 0;
  const line: Waiting[] = [];
  const done = new WeakSet<FastifyRequest>();

  const refuse = (reply: FastifyReply) =>
    void reply.code(503).header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_SECONDS)).send({ detail: DATABASE_BUSY_DETAIL });

  const start = (request: FastifyRequest, reply: FastifyReply, admit: () => void) => {
    running += 1;
    // Whichever comes first: the answer sent, or the connection gone before it.
    const finish = () => {
      if (done.has(request)) return;
      done.add(request);
      turns.delete(request);
      running -= 1;
      next();
    };
    turns.set(request, finish);
    reply.raw.once('close', finish);
    reply.raw.once('finish', finish);
    admit();
  };

  const next = () => {
    while (running < concurrent && line.length > 0) {
      const waiting = line.shift()!;
      clearTimeout(waiting.timer);
      // A client that left while waiting gives its turn to the next.
      if (waiting.reply.raw.destroyed) continue;
      start(waiting.reply.request, waiting.reply, waiting.admit);
    }
  };

  app.addHook('onRequest', (request, reply, admit) => {
    if (!request.url.startsWith(API_PREFIX) || request.routeOptions.config.database === false) return admit();
    if (pending() >= limit) return refuse(reply);
    if (running < concurrent) return start(request, reply, admit);
    if (line.length >= limit) return refuse(reply);
    const waiting: Waiting = {
      reply,
      admit,
      timer: setTimeout(() => {
        line.splice(line.indexOf(waiting), 1);
        refuse(reply);
      }, waitMs),
    };
    line.push(waiting);
  });
});
