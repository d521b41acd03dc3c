/**
 * How to order while the site takes no online orders: the delivery phone and its hours, the
 * delivery time in the city and the fee staff set
 * (issue 48, point 13). Phones are shown as in the
 * contacts block: a tel: link with the number written out.
 */
import { useTranslation } from '../../../shared/i18n';
import { bynFromKopecks, DELIVERY_PROMISE_MINUTES, formatPhone, venue } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import styles from './order-by-phone.module.css';

export function OrderByPhone({ headingId, deliveryFee }: { headingId: string; deliveryFee: number }) {
  const { t } = useTranslation('restaurant');
  const { language } = useLanguage();
  const phone = venue.phones.delivery;
  return (
    <div className={styles.panel} data-testid="delivery-order">
      <div>
        <h2 id={headingId} className={styles.title}>
          {t('delivery.order.title')}
        </h2>
        <p className={styles.text}>{t('delivery.order.text')}</p>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('delivery.order.phone')}</dt>
          <dd>
            <a href={`tel:${phone}`} className={styles.phone}>
              {formatPhone(phone)}
            </a>
          </dd>
        </div>
        <div>
          <dt>{t('delivery.order.hours')}</dt>
          <dd>{venue.hours.delivery[language]}</dd>
        </div>
        <div>
          <dt>{t('delivery.order.time')}</dt>
          <dd>{t('delivery.order.timeValue', { minutes: DELIVERY_PROMISE_MINUTES })}</dd>
        </div>
        <div>
          <dt>{t('delivery.order.fee')}</dt>
          <dd>{t('delivery.order.feeValue', { fee: bynFromKopecks(deliveryFee) })}</dd>
        </div>
      </dl>
    </div>
  );
}
