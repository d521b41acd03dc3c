import { ORDER_QUANTITY_MAX } from '@hotel/domain';
import styles from './quantity-stepper.module.css';

interface QuantityStepperProps {
  quantity: number;
  onLess: () => void;
  onMore: () => void;
  /** Accessible names: the group ("Суп: 2 in the cart") and its two buttons. */
  labels: { group: string; less: string; more: string };
  /** Names the "+" for a tap made before the app ran (public/boot.js), as the dish's first "+" is named. */
  earlyName?: string;
  size?: 'sm' | 'md';
}

/** Minus, the quantity, plus (DEL-12, DEL-21): down to zero removes the dish; never above 99. */
export function QuantityStepper({ quantity, onLess, onMore, labels, size = 'md', earlyName }: QuantityStepperProps) {
  return (
    <div className={styles.stepper} role="group" aria-label={labels.group} data-size={size} data-testid="quantity-stepper">
      <button type="button" className={styles.step} onClick={onLess} aria-label={labels.less}>
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M3.5 8h9" />
        </svg>
      </button>
      <output className={styles.quantity} aria-live="polite" data-testid="quantity">
        {quantity}
      </output>
      <button type="button" className={styles.step} onClick={onMore} aria-label={labels.more} disabled={quantity >= ORDER_QUANTITY_MAX} data-early={earlyName}>
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M3.5 8h9M8 3.5v9" />
        </svg>
      </button>
    </div>
  );
}
