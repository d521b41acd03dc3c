import clsx from 'clsx';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n';
import { getToasts, subscribe } from './toast-store';
import styles from './toast.module.css';

/**
 * A toast itself (its timer, icons and close button) comes with the first toast shown: most
 * visits show none, and the first visit's script stays within its budget. The live region is
 * there from the start, so the first message is announced too.
 */
const ToastCard = lazy(() => import('./toast-card'));

export interface ToasterProps {
  className?: string;
}

/**
 * Renders the toasts: fixed at the top right (on mobile: across the top, inside the gutters),
 * in a polite live region. Mount once, near the root of the app.
 */
export function Toaster({ className }: ToasterProps) {
  const { t } = useTranslation('common');
  const toasts = useSyncExternalStore(subscribe, getToasts, getToasts);
  return (
    <section
      className={clsx(styles.region, styles.topRight, className)}
      aria-live="polite"
      aria-label={t('common:toast.region')}
      data-toaster=""
      data-position="top-right"
    >
      <div className={styles.list}>
        {toasts.length > 0 && (
          <Suspense fallback={null}>
            {toasts.map((item) => (
              <ToastCard key={item.id} item={item} />
            ))}
          </Suspense>
        )}
      </div>
    </section>
  );
}
