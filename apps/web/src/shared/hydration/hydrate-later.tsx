import { Suspense, useEffect, useId, useLayoutEffect, type ReactElement, type ReactNode } from 'react';
import { boundaryCommitted, boundaryMounted } from './hydration';

function Committed({ id }: { id: string }) {
  useEffect(() => boundaryCommitted(id), [id]);
  return null;
}

/**
 * A Suspense boundary whose hydration is counted (shared/hydration/hydration.ts). React hydrates
 * a prerendered boundary after the part of the page around it, on its own, so each boundary is a
 * place where the main thread can be given back to the browser.
 */
export function HydrationBoundary({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  const id = useId();
  useLayoutEffect(() => boundaryMounted(id), [id]);
  return (
    <Suspense fallback={fallback}>
      <Committed id={id} />
      {children}
    </Suspense>
  );
}

/** The page's frame: put at the root of the app, it tells when the part outside every boundary has hydrated. */
export function HydrationRoot({ children }: { children: ReactNode }) {
  useEffect(() => boundaryCommitted(), []);
  return children;
}

function Draw({ draw }: { draw: () => ReactElement }) {
  return draw();
}

/**
 * A part of a prerendered page (the header, each section, the footer) that hydrates after the
 * page's frame, in a boundary of its own. Given as a function (`{() => <section>…</section>}`),
 * the part also builds its texts and lists then, not with the page.
 */
export function HydrateLater({ children }: { children: ReactElement | (() => ReactElement) }) {
  return <HydrationBoundary>{typeof children === 'function' ? <Draw draw={children} /> : children}</HydrationBoundary>;
}
