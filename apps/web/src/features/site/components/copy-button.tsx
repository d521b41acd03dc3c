/** A small button that copies a text (an address) and confirms it in a tooltip for a second (CON-09). */
import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { COPY_TOOLTIP_MS } from '@hotel/domain';
import styles from './copy-button.module.css';

interface CopyButtonProps {
  value: string;
  /** The button's accessible name, e.g. "Copy address". */
  label: string;
  className?: string;
}

export function CopyButton({ value, label, className }: CopyButtonProps) {
  const { t } = useTranslation('common');
  // The copy whose tooltip shows (0: none). Each copy gets a new number, so a second copy while
  // the tooltip shows keeps it for a full second again.
  const [shownCopy, setShownCopy] = useState(0);
  const copies = useRef(0);

  useEffect(() => {
    if (shownCopy === 0) return;
    const timer = setTimeout(() => setShownCopy(0), COPY_TOOLTIP_MS);
    return () => clearTimeout(timer);
  }, [shownCopy]);

  const copy = () => {
    // Without a secure context there is no clipboard: the button then does nothing.
    if (!('clipboard' in navigator)) return;
    navigator.clipboard.writeText(value).then(
      () => setShownCopy(++copies.current),
      () => {},
    );
  };

  return (
    <span className={clsx(styles.wrap, className)}>
      <button type="button" className={styles.button} onClick={copy} aria-label={label} title={label}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
            <rect x="8" y="8" width="12" height="12" rx="2" />
            <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
          </g>
        </svg>
      </button>
      {/* Always in the page, so screen readers announce the text when it appears. */}
      <span role="status" className={styles.tooltip}>
        {shownCopy !== 0 && t('common:copy.copied')}
      </span>
    </span>
  );
}
