import { useTranslation } from '../../../shared/i18n';
import { ORDER_CARD_IMAGES_MAX, type Order } from '@hotel/domain';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { ResponsiveImage } from '../../../shared/media/responsive-image';
import { Button } from '../../../shared/ui';
import { formatOrderMoment } from '../../../shared/format/dates';
import { OrderStatusBadge } from './order-status';
import styles from './orders.module.css';

/** An order in the list: number, date, status, at most 6 dish pictures and "+N" for the rest (ACC-31). */
export function OrderCard({ order, onOpen }: { order: Order; onOpen: (order: Order) => void }) {
  const { t } = useTranslation(['account', 'common']);
  const { language } = useLanguage();
  const headingId = `order-${order.id}`;
  const shown = order.items.slice(0, ORDER_CARD_IMAGES_MAX);
  const more = order.items.length - shown.length;
  return (
    <article className={styles.card} aria-labelledby={headingId} data-testid="order-card">
      <div className={styles.cardTop}>
        <OrderStatusBadge status={order.display_status} payment={order.payment_status} />
        <span className={styles.muted}>{formatOrderMoment(order.created_at, language)}</span>
      </div>
      <h3 id={headingId} className={styles.cardTitle}>
        {t('account:orders.number', { id: order.id })}
      </h3>
      <ul className={styles.thumbs} aria-label={t('account:orders.dishes')}>
        {shown.map((item) => (
          <li key={item.id} className={styles.thumb} title={item.name[language]} data-testid="order-thumb">
            {item.image ? (
              <ResponsiveImage image={item.image} sizes="56px" width={56} height={56} />
            ) : (
              <span className={styles.initial} aria-label={item.name[language]}>
                {item.name[language].slice(0, 1)}
              </span>
            )}
          </li>
        ))}
        {more > 0 && (
          <li className={`${styles.thumb} ${styles.more}`} data-testid="order-more" aria-label={t('account:orders.more', { count: more })}>
            +{more}
          </li>
        )}
      </ul>
      <div className={styles.cardBottom}>
        <p className={styles.cardTotal}>{formatMoney(order.price, language, t('common:currency'))}</p>
        <Button variant="outline" size="sm" onClick={() => onOpen(order)} aria-describedby={headingId}>
          {t('account:orders.details')}
        </Button>
      </div>
    </article>
  );
}
