import { useEffect, useState } from 'react';

/**
 * The page's vertical scroll, clamped to `max` (so the component stops re-rendering past it).
 * Starts at 0 and is read after mount, so a prerendered page hydrates without a mismatch.
 */
export function useScrollOffset(max: number): number {
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    const update = () => setOffset(Math.min(max, Math.max(0, Math.round(window.scrollY))));
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [max]);
  return offset;
}
