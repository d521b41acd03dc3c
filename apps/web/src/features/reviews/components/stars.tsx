import { REVIEW_STARS_MAX } from '@hotel/domain';
import styles from './reviews.module.css';

/** Filled and empty stars, read out as "4 of 5 stars". */
export function Stars({ value, label }: { value: number; label: string }) {
  const filled = Math.round(value);
  return (
    <span className={styles.stars} role="img" aria-label={label}>
      {Array.from({ length: REVIEW_STARS_MAX }, (_, index) => (
        <span key={index} aria-hidden="true" className={index < filled ? styles.starOn : styles.starOff}>
          ★
        </span>
      ))}
    </span>
  );
}
