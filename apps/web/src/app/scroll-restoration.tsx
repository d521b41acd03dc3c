import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

const STORAGE_KEY = 'scroll-positions';

/** Where each history entry was scrolled to, kept for the tab's life (a reload included). */
function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * The key a history entry's place is kept under: the router's, or the address for the entry a
 * page opened by its address starts with, which the router has not marked ("default" on every
 * such page, so one page's place was another's).
 */
const entryKey = (location: Location) => (location.key === 'default' ? `${location.pathname}${location.search}` : location.key);

/** Whether this page was reloaded or reached by Back or Forward: only then does it go back to a kept place. */
function pageReturnedTo(): boolean {
  // Absent where no browser loaded the page (the components' tests).
  const [entry] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

/**
 * The scroll position across navigations, as a browser has it across pages: a new page starts at
 * its top (or at the element its #hash names), and Back and Forward return to where the guest
 * was. Going to another search of the same page (a menu category, a week of the board) keeps the
 * place. A reload returns to where the page was left.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef<{ key: string; pathname: string } | null>(null);
  const positions = useRef<Record<string, number> | null>(null);
  const lastY = useRef(0);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      lastY.current = window.scrollY;
    };
    const keep = () => {
      const all = (positions.current ??= savedPositions());
      if (shown.current) all[shown.current.key] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(all));
      } catch {
        // Storage full or unavailable: a reload starts at the top.
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', keep);
    };
  }, []);

  useLayoutEffect(() => {
    const before = shown.current;
    const key = entryKey(location);
    shown.current = { key, pathname: location.pathname };
    const all = (positions.current ??= savedPositions());
    if (!before) {
      // The first page: reloaded, or reached by Back or Forward, it goes back to where it was left;
      // opened afresh, the browser's place stays (its top, or its #hash).
      const saved = all[key];
      if (pageReturnedTo() && saved !== undefined) window.scrollTo(0, saved);
      lastY.current = window.scrollY;
      return;
    }
    if (before.key === key) return;
    all[before.key] = lastY.current;
    const saved = all[key];
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else if (location.pathname !== before.pathname) window.scrollTo(0, 0);
    lastY.current = window.scrollY;
  }, [location, navigationType]);

  return null;
}
