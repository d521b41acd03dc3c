/** One toast: it pauses while hovered or focused, and leaves by itself or with its close button. */
import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { toast, TOAST_EXIT_MS, type ToastItem } from './toast-store';
import styles from './toast.module.css';

export default function ToastCard({ item }: { item: ToastItem }) {
  const { t } = useTranslation('common');
  const [paused, setPaused] = useState(false);
  // Time left before the exit animation starts; pauses while hovered or focused.
  const remaining = useRef(Math.max(0, item.duration - TOAST_EXIT_MS));
  const closing = item.state === 'closing';

  useEffect(() => {
    if (paused || closing) return;
    const started = Date.now();
    const timer = setTimeout(() => toast.dismiss(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, closing, item.id]);

  return (
    <div
      className={clsx(styles.toast, styles[item.kind])}
      role={item.kind === 'error' ? 'alert' : 'status'}
      aria-atomic="true"
      data-state={item.state}
      data-kind={item.kind}
      data-paused={paused || undefined}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <span className={styles.icon} aria-hidden="true">
        <KindIcon kind={item.kind} />
      </span>
      <p className={styles.message}>{item.message}</p>
      <button
        type="button"
        className={styles.close}
        aria-label={t('common:toast.close')}
        onClick={() => toast.dismiss(item.id)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <span
        className={styles.progress}
        aria-hidden="true"
        style={{ animationDuration: `${Math.max(0, item.duration - TOAST_EXIT_MS)}ms` }}
      />
    </div>
  );
}

function KindIcon({ kind }: { kind: ToastItem['kind'] }) {
  const common = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.7, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
      <circle cx="12" cy="12" r="9.25" {...common} />
      {kind === 'success' && <path d="m8 12.5 2.75 2.75L16.25 9.5" {...common} />}
      {kind === 'error' && <path d="M12 7.5v5.5M12 16.5v.01" {...common} />}
      {kind === 'info' && <path d="M12 11v5.5M12 7.5v.01" {...common} />}
    </svg>
  );
}
