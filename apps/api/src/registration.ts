/**
 * What a module above another fills in when the app starts, so that the lower one can call it or
 * read its rows without importing it (docs/decisions/061-modules-one-way.md): orders and stays
 * register their side of a payment with payments, the bills their money for the payments' ledger,
 * hotel its stays for the bills (folio/stays.ts) and its rooms for the extras (extras/rooms.ts),
 * the calendars module its booking sites for hotel (hotel/booking-site-calendars.ts). It lies
 * below every module, which each of them may import. One holder is shared by every plugin context
 * of the app; a second registration, or a call before the first, is a wiring mistake and throws.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Registration<T> {
  register(value: T): void;
  get(): T;
}

/** An empty holder for `what` (named in the errors: "the orders module's payment callbacks"). */
export function registration<T>(what: string): Registration<T> {
  let registered: T | null = null;
  return {
    register(value) {
      if (registered) throw new Error(`${what}: registered twice`);
      registered = value;
    },
    get() {
      if (!registered) throw new Error(`${what}: not registered yet`);
      return registered;
    },
  };
}

/**
 * A plugin that decorates the app with an empty holder under `decoration` (which the lower module
 * declares on FastifyInstance), named `<decoration>-slot` so that the plugin filling it can depend
 * on it.
 */
export function slotPlugin(decoration: string, what: string) {
  return fp(
    async (app: FastifyInstance) => {
      app.decorate(decoration, registration(what));
    },
    { name: `${decoration}-slot` },
  );
}
