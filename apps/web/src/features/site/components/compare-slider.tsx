/**
 * Before/after comparison (PUB-03): the facade before restoration over the facade today, split
 * by a handle. The handle is a role="slider" (arrow keys, Page Up/Down, Home/End); the picture
 * follows a mouse or a finger dragged anywhere on it (pointer events; vertical page scroll
 * still works on touch screens).
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../../shared/i18n';
import styles from './compare-slider.module.css';

const STEP = 5;
const BIG_STEP = 20;

export function CompareSlider() {
  const { t } = useTranslation('about');
  const [value, setValue] = useState(50);
  const frame = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const set = (next: number) => setValue(Math.round(Math.min(100, Math.max(0, next))));

  const fromPointer = (event: PointerEvent<HTMLDivElement>) => {
    const rect = frame.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    set(((event.clientX - rect.left) / rect.width) * 100);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, number> = {
      ArrowRight: value + STEP,
      ArrowUp: value + STEP,
      ArrowLeft: value - STEP,
      ArrowDown: value - STEP,
      PageUp: value + BIG_STEP,
      PageDown: value - BIG_STEP,
      Home: 0,
      End: 100,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    set(next);
  };

  return (
    <figure className={styles.figure}>
      <div
        ref={frame}
        className={styles.frame}
        style={{ '--split': `${value}%` } as React.CSSProperties}
        onPointerDown={(event) => {
          dragging.current = true;
          event.currentTarget.setPointerCapture(event.pointerId);
          fromPointer(event);
        }}
        onPointerMove={(event) => dragging.current && fromPointer(event)}
        onPointerUp={() => (dragging.current = false)}
        onPointerCancel={() => (dragging.current = false)}
        data-testid="compare-slider"
      >
        <div className={styles.layer}>
          <img src="/illustrations/facade-after.svg" alt={t('compare.afterAlt')} className={styles.picture} width={800} height={450} loading="lazy" decoding="async" draggable={false} />
        </div>
        <div className={`${styles.layer} ${styles.before}`}>
          <img src="/illustrations/facade-before.svg" alt={t('compare.beforeAlt')} className={styles.picture} width={800} height={450} loading="lazy" decoding="async" draggable={false} />
        </div>
        <span className={`${styles.tag} ${styles.tagBefore}`} aria-hidden="true">
          {t('compare.before')}
        </span>
        <span className={`${styles.tag} ${styles.tagAfter}`} aria-hidden="true">
          {t('compare.after')}
        </span>
        <div
          className={styles.handle}
          role="slider"
          tabIndex={0}
          aria-label={t('compare.label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value}
          aria-valuetext={t('compare.value', { value: 100 - value })}
          aria-orientation="horizontal"
          onKeyDown={onKeyDown}
        >
          <span className={styles.knob} aria-hidden="true">
            <svg viewBox="0 0 24 24">
              <path d="M9 6l-6 6 6 6M15 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
        </div>
      </div>
    </figure>
  );
}
