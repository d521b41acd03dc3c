/** `/hotel`: the hotel landing, a room filter form and the room list with skeletons (HOT-01, HOT-02). */
import { useTranslation } from 'react-i18next';
import { CHECK_IN_TIME, CHECK_OUT_TIME, FREE_CANCELLATION_HOURS } from '@hotel/domain';
import { RoomList } from '../../features/hotel/components/room-list';
import { RoomSearchForm } from '../../shared/forms/room-search-form';
import { PageMeta } from '../../shared/seo/page-meta';
import styles from './hotel.module.css';

export function Component() {
  const { t } = useTranslation(['hotel', 'common']);
  return (
    <>
      <PageMeta title={t('hotel:landing.metaTitle')} description={t('hotel:landing.lead')} path="/hotel" />
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
      <section className={`container ${styles.section}`} aria-labelledby="hotel-rooms-title">
        <h2 id="hotel-rooms-title" className={styles.sectionTitle}>
          {t('hotel:landing.roomsTitle')}
        </h2>
        <p className={styles.sectionLead}>{t('hotel:landing.roomsLead')}</p>
        <RoomList />
      </section>
    </>
  );
}
