/**
 * Knowing when React has taken over a prerendered page (docs/decisions/013-react-runtime.md).
 *
 * React hydrates the page's frame first and each Suspense boundary after it, in short slices:
 * the hydration runs as a transition, so it yields to the browser every few milliseconds, and a
 * tap on a part not hydrated yet hydrates that part at once. React says nothing when the last
 * boundary is done; the end-to-end tests and the Lighthouse benchmark need to know, and a
 * language switch must wait for it (a part hydrated with texts that have changed since the
 * prerender would not match its markup). So every boundary of the first hydration is counted: it
 * registers when it is committed, still dehydrated (a layout effect outside its Suspense), and is
 * done when its content commits (a passive effect inside, which runs after every layout effect of
 * that commit). A nested boundary is committed with its parent's content, so it registers before
 * the parent is done, and the count reaches zero once, at the end. Renders React throws away
 * register nothing; a boundary removed before it hydrated (the visitor navigated) stops counting.
 */

const ROOT = ':root:';
const pending = new Set<string>();
let hydrating: { done: Promise<void>; finish: () => void } | null = null;

/** Counts the boundaries of the hydration `hydrate` starts. Resolves when all of them have hydrated. */
export function trackHydration(hydrate: () => void): Promise<void> {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  hydrating = { done, finish };
  pending.clear();
  pending.add(ROOT);
  hydrate();
  return done;
}

/** Whether the first hydration is still under way: what the page was drawn with must not change yet. */
export function isHydrating(): boolean {
  return hydrating !== null;
}

/** Settles when the first hydration is over (at once when the page was not hydrated). */
export function whenHydrated(): Promise<void> {
  return hydrating?.done ?? Promise.resolve();
}

/** When a boundary is committed (still dehydrated, during the first hydration). Returns what to do when it goes. */
export function boundaryMounted(id: string): () => void {
  if (hydrating) pending.add(id);
  return () => boundaryCommitted(id);
}

/** When a boundary's content (or, without an id, the page's frame) has committed. */
export function boundaryCommitted(id: string = ROOT) {
  if (!hydrating || !pending.delete(id) || pending.size > 0) return;
  hydrating.finish();
  hydrating = null;
}
