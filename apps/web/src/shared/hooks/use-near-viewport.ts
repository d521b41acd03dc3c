import { useEffect, useState, type RefObject } from 'react';

/**
 * Becomes true once the element comes within `margin` of the viewport, or once the page has
 * loaded and the browser is idle, whichever is first; then stays true. Lets a section further
 * down fetch and draw its content after the page has started rather than while it starts, and
 * still have it ready before the visitor scrolls there. True at once without IntersectionObserver.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '400px'): boolean {
  const [near, setNear] = useState(() => typeof window !== 'undefined' && !('IntersectionObserver' in window));
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);

    let idle: number | undefined;
    const whenIdle = () => {
      const request = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
      idle = request(() => setNear(true), { timeout: 3000 });
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });

    return () => {
      observer.disconnect();
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
    };
  }, [ref, margin, near]);
  return near;
}
