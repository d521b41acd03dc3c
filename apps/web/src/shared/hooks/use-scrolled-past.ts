import { useEffect, useState } from 'react';

/**
 * True once the page is scrolled more than `threshold` pixels. Starts false, as in the
 * prerendered HTML: hydration keeps the server's attributes, so the first render must agree with
 * them; the effect then reads the real position (a reload keeps it).
 */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}
