/**
 * A horizontal carousel of cards that moves one card forward every `autoplayMs` (the hotel
 * preview, PUB-07: 5 s by default). Scroll-snap does the layout, so it also swipes; buttons and
 * arrow keys move it; hover, focus, the pause button and prefers-reduced-motion stop autoplay.
 */
import { Children, useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { HOTEL_PREVIEW_AUTOPLAY_MS } from '@hotel/domain';
import { useAutoplay } from '../hooks/use-autoplay';
import styles from './autoplay-carousel.module.css';

interface AutoplayCarouselProps {
  children: ReactNode;
  label: string;
  slideLabel: (index: number, count: number) => string;
  labels: { previous: string; next: string; pause: string; play: string };
  autoplayMs?: number;
  testId?: string;
}

export function AutoplayCarousel({
  children,
  label,
  slideLabel,
  labels,
  autoplayMs = HOTEL_PREVIEW_AUTOPLAY_MS,
  testId,
}: AutoplayCarouselProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const ownScroll = useRef(false);

  const scrollTo = useCallback(
    (next: number) => {
      const element = track.current;
      if (!element || count === 0) return;
      const target = ((next % count) + count) % count;
      const slide = element.children[target] as HTMLElement | undefined;
      if (!slide) return;
      // Past the last full page the track cannot scroll further: wrap to the start instead.
      const maxScroll = element.scrollWidth - element.clientWidth;
      const atEnd = element.scrollLeft >= maxScroll - 4 && next > index;
      const left = atEnd ? 0 : Math.min(slide.offsetLeft - element.offsetLeft, maxScroll);
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      ownScroll.current = Math.abs(element.scrollLeft - left) >= 1;
      element.scrollTo({ left, behavior: smooth ? 'smooth' : 'auto' });
      setIndex(atEnd ? 0 : target);
    },
    [count, index],
  );

  const advance = useCallback(() => scrollTo(index + 1), [scrollTo, index]);
  const autoplay = useAutoplay({ intervalMs: autoplayMs, enabled: count > 1, advance });

  // Swipes and scrollbar drags move the track too: once such a scroll ends, take the index from
  // where it stopped. Scrolls the carousel makes itself already set the index, and reading them
  // back could land a step short (a page clamped at the end of the track).
  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const onScrollEnd = () => {
      if (ownScroll.current) {
        ownScroll.current = false;
        return;
      }
      const [first, second] = [element.children[0], element.children[1]] as (HTMLElement | undefined)[];
      if (!first || !second) return;
      const step = second.offsetLeft - first.offsetLeft;
      if (step > 0) setIndex(Math.min(count - 1, Math.round(element.scrollLeft / step)));
    };
    element.addEventListener('scrollend', onScrollEnd);
    return () => element.removeEventListener('scrollend', onScrollEnd);
  }, [count]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') scrollTo(index + 1);
    else if (event.key === 'ArrowLeft') scrollTo(index - 1);
    else return;
    event.preventDefault();
  };

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={label}
      data-testid={testId}
      data-index={index}
      data-autoplay={autoplay.running}
      data-interval={autoplayMs}
      onKeyDown={onKeyDown}
      {...autoplay.pauseHandlers}
    >
      <div className={styles.controls}>
        <button type="button" className={styles.control} onClick={autoplay.toggle} aria-label={autoplay.playing ? labels.pause : labels.play}>
          {autoplay.playing ? (
            <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M5 3v10M11 3v10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
          ) : (
            <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M5 3l8 5-8 5z" fill="currentColor" /></svg>
          )}
        </button>
        <button type="button" className={styles.control} onClick={() => scrollTo(index - 1)} aria-label={labels.previous}>
          <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M10 3L5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
        </button>
        <span className={styles.counter} aria-hidden="true">
          {index + 1} / {count}
        </span>
        <button type="button" className={styles.control} onClick={() => scrollTo(index + 1)} aria-label={labels.next}>
          <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
        </button>
      </div>
      <div ref={track} className={styles.track} aria-live={autoplay.running ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <div key={i} className={styles.slide} role="group" aria-roledescription="slide" aria-label={slideLabel(i + 1, count)} data-active={i === index}>
            {slide}
          </div>
        ))}
      </div>
    </section>
  );
}
