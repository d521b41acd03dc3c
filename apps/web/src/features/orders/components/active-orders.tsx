import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { isActiveOrder, type Order } from '@hotel/domain';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { useOrders } from '../api/get-orders';
import { formatOrderMoment } from '../../../shared/format/dates';
import { OrderStatusBadge } from './order-status';
import styles from './orders.module.css';
import { paths } from '../../../shared/paths';

/** The accepted and delivering orders, newest first, for the account overview (ACC-09). */
export function useActiveOrders() {
  const query = useOrders();
  const items = query.data?.filter((o) => isActiveOrder(o.status)).sort((a, b) => b.created_at.localeCompare(a.created_at));
  return { items, loading: query.isPending, error: query.error };
}

/** One active order as a line of the overview. */
export function ActiveOrderItem({ order }: { order: Order }) {
  const { t } = useTranslation(['account', 'common']);
  const { language } = useLanguage();
  const dishes = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <Link to={paths.account.orders} className={styles.overviewItem} data-testid="overview-order">
      <span className={styles.overviewMain}>
        <span className={styles.strong}>{t('account:orders.number', { id: order.id })}</span>
        <span className={styles.muted}>
          {formatOrderMoment(order.created_at, language)} · {t('account:orders.dishCount', { count: dishes })}
        </span>
      </span>
      <span className={styles.overviewAside}>
        <OrderStatusBadge status={order.display_status} payment={order.payment_status} />
        <span className={styles.strong}>{formatMoney(order.price, language, t('common:currency'))}</span>
      </span>
    </Link>
  );
}
