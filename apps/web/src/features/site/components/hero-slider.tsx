/**
 * The home page's hero (PUB-01, PUB-02): three slides — cafe, restaurant, hotel. At 800 px and
 * narrower they are a carousel that fades every 4 s (300 ms); wider, the three stand side by side
 * as arches. The same markup serves both; CSS switches the layout and autoplay runs only narrow.
 */
import clsx from 'clsx';
import { useCallback, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n';
import { HERO_AUTOPLAY_MS, HERO_FADE_MS, RESTAURANT_BREAKPOINT_PX } from '@hotel/domain';
import { useAutoplay } from '../hooks/use-autoplay';
import { useMediaQuery } from '../hooks/use-media-query';
import styles from './hero-slider.module.css';
import { paths } from '../../../shared/paths';

const SLIDES = [
  { key: 'cafe', to: paths.cafe },
  { key: 'restaurant', to: paths.restaurant },
  { key: 'hotel', to: paths.hotel.root },
] as const;

export function HeroSlider() {
  const { t } = useTranslation('about');
  const [index, setIndex] = useState(0);
  const narrow = useMediaQuery(`(max-width: ${RESTAURANT_BREAKPOINT_PX}px)`);
  const count = SLIDES.length;
  const go = useCallback((next: number) => setIndex((next + count) % count), [count]);
  const advance = useCallback(() => setIndex((current) => (current + 1) % count), [count]);
  const autoplay = useAutoplay({ intervalMs: HERO_AUTOPLAY_MS, enabled: narrow, advance });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  };

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={t('hero.carousel')}
      data-testid="hero-slider"
      data-index={index}
      data-autoplay={autoplay.running}
      style={{ '--fade-ms': `${HERO_FADE_MS}ms` } as CSSProperties}
      onKeyDown={onKeyDown}
      {...autoplay.pauseHandlers}
    >
      <div className={styles.controls}>
        <button type="button" className={styles.control} onClick={autoplay.toggle} aria-label={autoplay.playing ? t('hero.pause') : t('hero.play')}>
          {autoplay.playing ? (
            <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M5 3v10M11 3v10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
          ) : (
            <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M5 3l8 5-8 5z" fill="currentColor" /></svg>
          )}
        </button>
        <button type="button" className={styles.control} onClick={() => go(index - 1)} aria-label={t('hero.previous')}>
          <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M10 3L5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
        </button>
        <div className={styles.dots}>
          {SLIDES.map((slide, i) => (
            <button
              key={slide.key}
              type="button"
              className={styles.dot}
              aria-label={t('hero.goTo', { index: i + 1 })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
        <button type="button" className={styles.control} onClick={() => go(index + 1)} aria-label={t('hero.next')}>
          <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
        </button>
      </div>
      <div className={styles.track} aria-live={narrow && !autoplay.running ? 'polite' : 'off'}>
        {SLIDES.map((slide, i) => (
          <div
            key={slide.key}
            role="group"
            aria-roledescription="slide"
            aria-label={`${t(`hero.slides.${slide.key}.title`)} — ${t('hero.slide', { index: i + 1, count })}`}
            className={clsx(styles.slide, styles[slide.key], i === index && styles.active)}
            data-active={i === index}
            data-testid="hero-slide"
          >
            <div className={styles.arch}>
              <img src={`/illustrations/hero-${slide.key}.svg`} alt="" className={styles.scene} width={240} height={300} fetchPriority={i === 0 ? 'high' : 'auto'} />
            </div>
            <div className={styles.caption}>
              <h2 className={styles.slideTitle}>{t(`hero.slides.${slide.key}.title`)}</h2>
              <p className={styles.slideText}>{t(`hero.slides.${slide.key}.text`)}</p>
              <Link to={slide.to} className={styles.slideLink}>
                {t(`hero.slides.${slide.key}.link`)} <span aria-hidden="true">→</span>
              </Link>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
