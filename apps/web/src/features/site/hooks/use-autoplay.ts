import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from './use-media-query';

/**
 * Autoplay of a carousel: runs `advance` every `intervalMs` while enabled, not paused by hover or
 * focus, and not stopped by the visitor. With prefers-reduced-motion it starts stopped (the
 * visitor can still start it with the play button).
 */
export function useAutoplay({ intervalMs, enabled, advance }: { intervalMs: number; enabled: boolean; advance: () => void }) {
  const reducedMotion = usePrefersReducedMotion();
  const [choice, setChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = choice ?? !reducedMotion;
  const running = enabled && playing && !hovered && !focused && intervalMs > 0;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(advance, intervalMs);
    return () => window.clearInterval(timer);
  }, [running, intervalMs, advance]);

  return {
    playing,
    running,
    toggle: () => setChoice(!playing),
    /** Spread on the carousel's root: pauses while the pointer is over it or focus is inside. */
    pauseHandlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: React.FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
