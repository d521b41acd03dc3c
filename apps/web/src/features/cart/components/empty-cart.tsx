import { useTranslation } from '../../../shared/i18n';
import { Button, ButtonLink } from '../../../shared/ui';
import styles from './cart.module.css';
import { paths } from '../../../shared/paths';

/**
 * DEL-37: "Корзина пуста", "Самое время что-нибудь заказать!" and the way to the menu. `onUndo`:
 * the guest has just emptied the cart, and this puts the dishes back.
 */
export function EmptyCart({ onUndo }: { onUndo?: () => void } = {}) {
  const { t } = useTranslation('restaurant');
  return (
    <div className={styles.empty} data-testid="empty-cart">
      {onUndo && (
        <p className={styles.undo} role="status" data-testid="cart-emptied">
          {t('restaurant:cart.emptied')}{' '}
          <Button variant="outline" size="sm" onClick={onUndo}>
            {t('restaurant:cart.undoEmpty')}
          </Button>
        </p>
      )}
      <svg className={styles.emptyIcon} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <path d="M8 14h7l6 30h28l6-22H19" />
        <circle cx="26" cy="52" r="3.5" />
        <circle cx="45" cy="52" r="3.5" />
      </svg>
      <h2 className={styles.emptyTitle}>{t('restaurant:cart.empty.title')}</h2>
      <p className={styles.muted}>{t('restaurant:cart.empty.text')}</p>
      <ButtonLink to={paths.delivery} variant="primary">
        {t('restaurant:cart.empty.action')}
      </ButtonLink>
    </div>
  );
}
