/**
 * `/hotel`: the hotel landing, a room filter form and the room list (HOT-01, HOT-02). The server
 * renders it with the rooms from the database (docs/decisions/008-prerendering.md); the skeletons
 * show only when the list has to be fetched.
 */
import { useTranslation } from '../../shared/i18n';
import { CHECK_IN_TIME, CHECK_OUT_TIME, FREE_CANCELLATION_HOURS } from '@hotel/domain';
import { RoomList } from '../../features/hotel/components/room-list';
import { usePublicReviews } from '../../features/reviews/api/public-reviews';
import { PublicReviews } from '../../features/reviews/components/public-reviews';
import { withReviewsJsonLd } from '../../features/reviews/lib/json-ld';
import { useLanguage } from '../../shared/hooks/use-language';
import { hotelJsonLd } from '../../shared/seo/structured-data';
import { RoomSearchForm } from '../../shared/forms/room-search-form';
import { HydrateLater } from '../../shared/hydration/hydrate-later';
import { PageMeta } from '../../shared/seo/page-meta';
import styles from './hotel.module.css';
import { paths } from '../../shared/paths';

export function Component() {
  const { t } = useTranslation(['hotel', 'common']);
  const { language } = useLanguage();
  // Drawn on the server with the page: the rating and the reviews are in its JSON-LD from the first byte.
  const reviews = usePublicReviews('stay');
  return (
    <>
      <PageMeta
        title={t('hotel:landing.metaTitle')}
        description={t('hotel:landing.lead')}
        path={paths.hotel.root}
        jsonLd={[withReviewsJsonLd(hotelJsonLd(language), reviews.data)]}
      />
      <HydrateLater>
        {() => (
          <section className={styles.hero}>
            <div className={`container ${styles.heroInner}`}>
              <div>
                <p className={styles.eyebrow}>{t('hotel:landing.eyebrow')}</p>
                <h1 className={styles.title}>{t('hotel:landing.title')}</h1>
                <p className={styles.lead}>{t('hotel:landing.lead')}</p>
              </div>
              <div className={styles.searchCard}>
                <RoomSearchForm />
              </div>
              <ul className={styles.facts}>
                <li>{t('hotel:landing.checkIn', { time: CHECK_IN_TIME })}</li>
                <li>{t('hotel:landing.checkOut', { time: CHECK_OUT_TIME })}</li>
                <li>{t('hotel:landing.freeCancellation', { hours: FREE_CANCELLATION_HOURS })}</li>
                <li>{t('hotel:landing.payment')}</li>
              </ul>
            </div>
          </section>
        )}
      </HydrateLater>
      <HydrateLater>
        {() => (
          <section className={`container ${styles.section}`} aria-labelledby="hotel-rooms-title">
            <h2 id="hotel-rooms-title" className={styles.sectionTitle}>
              {t('hotel:landing.roomsTitle')}
            </h2>
            <p className={styles.sectionLead}>{t('hotel:landing.roomsLead')}</p>
            <RoomList />
          </section>
        )}
      </HydrateLater>
      <HydrateLater>{() => <PublicReviews kind="stay" headingId="hotel-reviews-title" />}</HydrateLater>
    </>
  );
}
