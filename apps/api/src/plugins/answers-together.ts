import { setImmediate } from 'node:timers';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers leave together, at the end of the event loop's turn that drew them
 * (docs/decisions/080-answers-together.md). Under load one turn reads many requests; an answer
 * written the moment it is drawn wakes its reader by itself, between two other requests' work,
 * and on a loopback or same-host proxy that wakeup is the larger part of the write. Written one
 * after another once the turn's requests are read, they cost the kernel a fraction of that. An
 * idle server's turn holds one request, and its answer waits for nothing.
 */
let turnEnd: Promise<void> | undefined;

/** Settles once this turn's I/O is read: one promise for everything drawn in the turn. */
export function endOfTurn(): Promise<void> {
  turnEnd ??= new Promise((resolve) => {
    setImmediate(() => {
      turnEnd = undefined;
      resolve();
    });
  });
  return turnEnd;
}

/**
 * The last onSend hook of every route: registered after every other hook the routes inherit, so
 * that once the turn ends only the writing is left.
 */
export const answersTogetherPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async function writeAtTurnEnd(_request, _reply, payload) {
    await endOfTurn();
    return payload;
  });
});
