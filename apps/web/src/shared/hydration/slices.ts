/**
 * Hydration in slices (docs/decisions/011-first-visit-main-thread.md).
 *
 * Preact hydrates a tree in one go; on a phone that is one long task of a few hundred
 * milliseconds in which a tap does nothing. So the prerendered page hydrates its frame first and
 * each <HydrateLater> part (the header, every section, the footer) in a task of its own, top to
 * bottom, leaving the browser free to paint and to answer input between them.
 *
 * Anything that would re-render the page with other content (a tap, a key, a navigation, a
 * language switch) first hydrates whatever is still waiting, at once, so that its handlers are
 * in place and its markup is taken over as it is, not replaced.
 */

export interface Slice {
  readonly promise: Promise<void>;
  done: boolean;
  release: () => void;
}

let collecting = false;
const waiting: Slice[] = [];

function createSlice(): Slice {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  const slice: Slice = {
    promise,
    done: false,
    release: () => {
      slice.done = true;
      resolve();
    },
  };
  return slice;
}

/** A slice to wait for, while the first hydration pass is running; otherwise none. */
export function takeSlice(): Slice | null {
  if (!collecting) return null;
  const slice = createSlice();
  waiting.push(slice);
  return slice;
}

/** A new task: a message is answered after the browser has had its chance to paint and handle input. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * Runs the first hydration pass (`hydrate`, synchronous), then releases the parts it left for
 * later one per task. Resolves when every part has hydrated.
 */
export function hydrateInSlices(hydrate: () => void): Promise<void> {
  collecting = true;
  try {
    hydrate();
  } finally {
    collecting = false;
  }
  return (async () => {
    while (waiting.length > 0) {
      await nextTask();
      // Released in a task of its own: its Suspense boundary re-renders it in this task's microtasks.
      waiting.shift()?.release();
    }
    await nextTask();
  })();
}

/**
 * Hydrates every part still waiting, now: their re-render runs in the current task's microtasks,
 * before the event that called this reaches its target. Settles once that render is done.
 */
export function hydrateAllNow(): Promise<void> {
  if (waiting.length === 0) return Promise.resolve();
  for (const slice of waiting.splice(0)) slice.release();
  return nextTask();
}
