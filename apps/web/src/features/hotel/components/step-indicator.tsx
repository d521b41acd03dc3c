import clsx from 'clsx';
import { useTranslation } from '../../../shared/i18n';
import styles from './step-indicator.module.css';

const STEPS = ['room', 'guests', 'confirm'] as const;
export type BookingStep = (typeof STEPS)[number];

/** Where the guest is in the booking: room and dates, guests, confirmation. */
export function StepIndicator({ current }: { current: BookingStep }) {
  const { t } = useTranslation('hotel');
  const at = STEPS.indexOf(current);
  return (
    <ol className={styles.steps} aria-label={t('hotel:steps.label')}>
      {STEPS.map((step, index) => (
        <li
          key={step}
          className={clsx(styles.step, index < at && styles.done, index === at && styles.current)}
          aria-current={index === at ? 'step' : undefined}
        >
          <span className={styles.number} aria-hidden="true">
            {index < at ? '✓' : index + 1}
          </span>
          <span className={styles.label}>{t(`hotel:steps.${step}`)}</span>
        </li>
      ))}
    </ol>
  );
}
