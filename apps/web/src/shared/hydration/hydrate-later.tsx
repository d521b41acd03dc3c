import { Suspense, useState, type ReactElement } from 'react';
import { takeSlice, type Slice } from './slices';

/**
 * While its slice waits, it suspends; Preact then keeps the prerendered markup on screen and
 * hydrates it when the slice is released (no fallback is shown while hydrating).
 */
function Gate({ slice, children }: { slice: Slice | null; children: Content }) {
  if (slice && !slice.done) throw slice.promise;
  return typeof children === 'function' ? children() : children;
}

/**
 * An element, or a function that draws it: with a function, the work of building the part (its
 * texts, its lists) is deferred with it, not done by the page before the part is due.
 */
type Content = ReactElement | (() => ReactElement);

/**
 * A part of a prerendered page that hydrates in a task of its own, after the page's frame
 * (shared/hydration/slices.ts). Outside the first hydration (client navigation, a page rendered
 * in English) it renders at once. The child must render exactly one element, since that is the
 * markup kept while it waits.
 */
export function HydrateLater({ children }: { children: Content }) {
  const [slice] = useState(takeSlice);
  // A boundary of its own, so each part is released on its own and not with its siblings.
  return (
    <Suspense fallback={null}>
      <Gate slice={slice}>{children}</Gate>
    </Suspense>
  );
}
