/**
 * /delivery: the public menu catalogue (DEL-01..12): every dish goes into the cart with its plus
 * button; ordering by phone stays for those who prefer it, with the delivery time and fee.
 */
import { useTranslation } from '../shared/i18n';
import { bynFromKopecks, DELIVERY_PROMISE_MINUTES, formatPhone, venue } from '@hotel/domain';
import { useDeliveryFee } from '../features/cart/api/get-ordering';
import { DeliveryCatalogue } from '../features/delivery/components/delivery-catalogue';
import { OrderByPhone } from '../features/delivery/components/order-by-phone';
import { usePublicReviews } from '../features/reviews/api/public-reviews';
import { PublicReviews } from '../features/reviews/components/public-reviews';
import { withReviewsJsonLd } from '../features/reviews/lib/json-ld';
import { restaurantJsonLd } from '../shared/seo/structured-data';
import { useLanguage } from '../shared/hooks/use-language';
import { HydrateLater } from '../shared/hydration/hydrate-later';
import { PageMeta } from '../shared/seo/page-meta';
import { PageIntro } from './page-intro';
import page from './page.module.css';
import styles from './delivery.module.css';
import { paths } from '../shared/paths';

export function Component() {
  const { t } = useTranslation('restaurant');
  const { language } = useLanguage();
  const phone = venue.phones.delivery;
  const deliveryFee = useDeliveryFee();
  const terms = { minutes: DELIVERY_PROMISE_MINUTES, fee: bynFromKopecks(deliveryFee) };
  // Drawn on the server with the page: the rating and the reviews are in its JSON-LD from the first byte.
  const reviews = usePublicReviews('order');

  return (
    <div className={styles.page}>
      <PageMeta
        title={t('delivery.meta.title')}
        description={t('delivery.meta.description', terms)}
        path={paths.delivery}
        jsonLd={[withReviewsJsonLd(restaurantJsonLd(language), reviews.data)]}
      />
      <HydrateLater>
        {() => (
          <PageIntro
            id="delivery-title"
            eyebrow={t('delivery.intro.eyebrow')}
            title={t('delivery.intro.title')}
            lead={t('delivery.intro.lead', terms)}
            testId="delivery-intro"
          >
            <a href={`tel:${phone}`} className={styles.call} data-testid="delivery-phone">
              {t('delivery.intro.call')} <span className={styles.number}>{formatPhone(phone)}</span>
            </a>
            <p className={styles.hours}>
              <span className={styles.hoursLabel}>{t('delivery.intro.hours')}</span>
              <span>{venue.hours.delivery[language]}</span>
            </p>
          </PageIntro>
        )}
      </HydrateLater>

      <HydrateLater>
        {() => (
          <section className={`container ${styles.catalogue}`} aria-labelledby="delivery-menu-title" data-testid="delivery-menu">
            <DeliveryCatalogue headingId="delivery-menu-title" />
          </section>
        )}
      </HydrateLater>

      <HydrateLater>
        {() => (
          <section className={`container ${page.section}`} aria-labelledby="delivery-order-title">
            <OrderByPhone headingId="delivery-order-title" deliveryFee={deliveryFee} />
          </section>
        )}
      </HydrateLater>

      <HydrateLater>{() => <PublicReviews kind="order" headingId="delivery-reviews-title" />}</HydrateLater>
    </div>
  );
}
