import { Link } from 'react-router';
import { useTranslation } from '../i18n';
import { cartCount } from '@hotel/domain';
import { useCart, useCartLoaded } from './cart-store';
import styles from './cart-link.module.css';
import { paths } from '../paths';

/** The header's way to the cart, with how many dishes it holds (CHR-02, DEL-20). */
export function CartLink({ className, onClick }: { className?: string; onClick?: () => void }) {
  const { t } = useTranslation('common');
  useCartLoaded();
  const count = useCart(cartCount);
  return (
    <Link
      to={paths.deliveryCart}
      className={className ? `${styles.link} ${className}` : styles.link}
      onClick={onClick}
      aria-label={count > 0 ? t('common:cartLink.count', { count }) : t('common:cartLink.label')}
      data-testid="cart-link"
    >
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M3 4h2.5l2.2 11h10.6L20.5 7H7" />
        <circle cx="10" cy="19.5" r="1.4" />
        <circle cx="17" cy="19.5" r="1.4" />
      </svg>
      <span className={styles.label}>{t('common:cartLink.label')}</span>
      {count > 0 && (
        <span className={styles.badge} data-testid="cart-count">
          {count}
        </span>
      )}
    </Link>
  );
}
