// A test that logs an error to the console has something wrong with it, even if it passed.
import { afterAll, afterEach, vi } from 'vitest';

const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  if (errors.length > 0) {
    const logged = errors.splice(0).map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called:\n${logged}`);
  }
});

// Files share a worker (vitest.config.ts: isolate false): none leaves a fake clock, a stub or a
// spy behind for the next.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
