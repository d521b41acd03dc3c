import * as Tabs from '@radix-ui/react-tabs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import type { Order } from '@hotel/domain';
import { ButtonLink, Skeleton } from '../../../shared/ui';
import { useGuestLiveOrders } from '../api/use-guest-live-orders';
import { useOrders } from '../api/get-orders';
import { splitOrders } from '../lib/split-orders';
import { OrderCard } from './order-card';
import { OrderDetails } from './order-details';
import styles from './orders.module.css';
import { paths } from '../../../shared/paths';

/**
 * /account/orders: Active and Completed tabs (ACC-28..34), details with cancel and repeat, and for
 * an order not paid yet the route's `payAction`, which pays that same order.
 */
export function OrderList({ payAction }: { payAction?: (order: Order) => ReactNode }) {
  const { t } = useTranslation('account');
  const orders = useOrders();
  // The orders follow their status live, with a toast on each change (docs/decisions/019-live-updates.md).
  useGuestLiveOrders();
  const [openId, setOpenId] = useState<number | null>(null);
  const [tab, setTab] = useState('active');

  if (orders.isPending) {
    return (
      <div className={styles.list} aria-busy="true">
        {[0, 1].map((i) => (
          <Skeleton key={i} height={180} radius="lg" />
        ))}
      </div>
    );
  }
  if (orders.isError) {
    const error = orders.error;
    return (
      <p className={styles.error} role="alert" data-testid="orders-error">
        {error instanceof Error && error.message ? t('account:orders.error', { message: error.message }) : t('account:orders.fetchError')}
      </p>
    );
  }

  const { active, completed } = splitOrders(orders.data);
  const open = orders.data.find((o) => o.id === openId) ?? null;
  const list = (items: Order[], empty: string) =>
    items.length === 0 ? (
      <div className={styles.empty} data-testid="orders-empty">
        <p className={styles.emptyTitle}>{empty}</p>
        <p className={styles.muted}>{t('account:orders.emptyHint')}</p>
        <ButtonLink to={paths.delivery} variant="primary">
          {t('account:orders.order')}
        </ButtonLink>
      </div>
    ) : (
      <ul className={styles.list}>
        {items.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} onOpen={(o) => setOpenId(o.id)} />
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <Tabs.Root value={tab} onValueChange={setTab} className={styles.tabs}>
        <Tabs.List className={styles.tabList} aria-label={t('account:orders.title')}>
          <Tabs.Trigger value="active" className={styles.tab}>
            {t('account:orders.tabs.active')} <span className={styles.tabCount}>{active.length}</span>
          </Tabs.Trigger>
          <Tabs.Trigger value="completed" className={styles.tab}>
            {t('account:orders.tabs.completed')} <span className={styles.tabCount}>{completed.length}</span>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="active" className={styles.tabPanel}>
          {list(active, t('account:orders.emptyActive'))}
        </Tabs.Content>
        <Tabs.Content value="completed" className={styles.tabPanel}>
          {list(completed, t('account:orders.emptyCompleted'))}
        </Tabs.Content>
      </Tabs.Root>
      <OrderDetails order={open} onClose={() => setOpenId(null)} payAction={payAction} />
    </>
  );
}
