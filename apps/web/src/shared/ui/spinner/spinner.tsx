import clsx from 'clsx';
import type { HTMLAttributes } from 'react';
import { useTranslation } from '../../i18n';
import styles from './spinner.module.css';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** 16, 24 or 40 px; the stroke follows `currentColor`. */
  size?: SpinnerSize;
  /** Accessible name; defaults to t('common:loading'). Ignored when `decorative`. */
  label?: string;
  /** Purely visual (hidden from assistive technology), e.g. inside a busy button. */
  decorative?: boolean;
}

/** Inline indeterminate spinner. */
export function Spinner({ size = 'md', label, decorative = false, className, ...rest }: SpinnerProps) {
  const { t } = useTranslation('common');
  const a11y = decorative
    ? { 'aria-hidden': true as const }
    : { role: 'progressbar', 'aria-label': label ?? t('common:loading') };
  return (
    <span {...rest} {...a11y} className={clsx(styles.spinner, styles[size], className)}>
      <svg className={styles.svg} viewBox="0 0 24 24" focusable="false" aria-hidden="true">
        <circle className={styles.track} cx="12" cy="12" r="10" />
        <circle className={styles.arc} cx="12" cy="12" r="10" />
      </svg>
    </span>
  );
}

export interface FullScreenSpinnerProps {
  /** Accessible name; defaults to t('common:loading'). */
  label?: string;
  className?: string;
}

/** Fixed overlay covering the page with a centred spinner (route transitions, first load). */
export function FullScreenSpinner({ label, className }: FullScreenSpinnerProps) {
  const { t } = useTranslation('common');
  return (
    <div
      className={clsx(styles.fullscreen, className)}
      role="progressbar"
      aria-label={label ?? t('common:loading')}
      data-testid="fullscreen-spinner"
    >
      <span className={styles.fullscreenMark} aria-hidden="true">
        <Spinner size="lg" decorative />
      </span>
    </div>
  );
}
