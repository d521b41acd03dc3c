/**
 * Answers leave together, at the end of the event loop's turn that drew them
 * (docs/decisions/080-answers-together.md).
 */
import { setImmediate } from 'node:timers';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersTogetherPlugin, endOfTurn } from '../../src/plugins/answers-together';
import { createTestApp, type TestApp } from '../app';

describe('the end of a turn', () => {
  it('is one promise for everything drawn in the turn, and a new one in the next', async () => {
    const first = endOfTurn();
    expect(endOfTurn()).toBe(first);
    await first;
    const next = endOfTurn();
    expect(next).not.toBe(first);
    await next;
  });

  it('comes after the I/O the turn has already read, not before it', async () => {
    const order: string[] = [];
    // Something the turn will still do once this code is done: the stand-in for another request.
    setImmediate(() => order.push('the rest of the turn'));
    await endOfTurn();
    order.push('the end of the turn');
    expect(order).toEqual(['the rest of the turn', 'the end of the turn']);
  });
});

describe('answers', () => {
  it('are written once the turn that drew them has ended, after every other hook', async () => {
    const app = Fastify();
    const order: string[] = [];
    await app.register(answersTogetherPlugin);
    app.get('/', async () => {
      setImmediate(() => order.push('another request of the turn'));
      order.push('drawn');
      return { ok: true };
    });
    // Registered after the plugin, so it runs once the plugin's wait is over, where the app
    // writes (its own hook is the last one: the check below).
    app.addHook('onSend', async (_request, _reply, payload) => {
      order.push('written');
      return payload;
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const response = await fetch(`http://127.0.0.1:${address.port}/`);
      expect(await response.json()).toEqual({ ok: true });
      expect(order).toEqual(['drawn', 'another request of the turn', 'written']);
    } finally {
      await app.close();
    }
  });
});

describe('in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every route waits for the end of its turn as its last onSend hook: the API, its pictures, the pages', async () => {
    const table = t.app.printRoutes({ includeHooks: true, commonPrefix: false });
    const lists = [...table.matchAll(/• \(onSend\) (\[[^\]]*\])/g)].map((match) => JSON.parse(match[1]!) as string[]);
    expect(lists.length).toBeGreaterThan(100);
    for (const list of lists) {
      // Fastify's own hook of a HEAD route, which only drops the body, may follow it.
      expect(list.filter((name) => name !== 'headRouteOnSendHandler()').at(-1)).toBe('writeAtTurnEnd()');
    }
  });
});
