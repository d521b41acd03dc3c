/**
 * What a module above payments fills in when the app starts, so that payments can call it without
 * importing it (docs/decisions/061-modules-one-way.md): orders and stays register their side of a
 * payment, the bills their money for the ledger. Folio, below hotel, takes hotel's stays the same
 * way (folio/stays.ts). One holder is shared by every plugin context of
 * the app; a second registration, or a call before the first, is a wiring mistake and throws.
 */
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
