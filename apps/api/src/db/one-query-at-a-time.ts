import type pg from 'pg';

/**
 * Makes a connection send its statements one at a time, each once the last has answered.
 *
 * A transaction runs on one connection, and a service that reads with `Promise.all` (the folio's
 * `assemble`, a room's rates) hands it several statements at once when it is given the
 * transaction; so do the jobs' locks and the notifications' LISTENs on their connections of their
 * own. node-postgres queues them itself for now, but warns that it will refuse them from pg 9 on
 * ("Calling client.query() when the client is already executing a query"). Queuing them here keeps
 * those services free to read side by side on the pool, where each statement takes a connection of
 * its own, and correct on one connection.
 *
 * Only the promise form is queued, which is all Drizzle and this project use; a call with a
 * callback or a submittable (the pool's own `pool.query`) holds the connection alone anyway.
 */
export function oneQueryAtATime<C extends pg.ClientBase>(client: C): C {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let last: Promise<unknown> = Promise.resolve();
  client.query = ((...args: unknown[]) => {
    const [first] = args;
    const callback = typeof args.at(-1) === 'function';
    const submittable = typeof first === 'object' && first !== null && typeof (first as { submit?: unknown }).submit === 'function';
    if (callback || submittable) return query(...args);
    const answer = last.then(() => query(...args));
    last = answer.catch(() => undefined);
    return answer;
  }) as typeof client.query;
  return client;
}
