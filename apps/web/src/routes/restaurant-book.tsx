/** /restaurant/book: a table at the restaurant (issue 24, point 1); the phone stays as a second way. */
import { useTranslation } from '../shared/i18n';
import { formatPhone, venue } from '@hotel/domain';
import { TableBookingForm } from '../features/table-booking/components/table-booking-form';
import { useLanguage } from '../shared/hooks/use-language';
import { PageMeta } from '../shared/seo/page-meta';
import { restaurantJsonLd } from '../shared/seo/structured-data';
import page from './page.module.css';
import styles from './restaurant.module.css';
import { paths } from '../shared/paths';

export function Component() {
  const { t } = useTranslation(['restaurant', 'common']);
  const { language } = useLanguage();
  const phone = venue.phones.restaurant;
  return (
    <div className={styles.page}>
      <PageMeta title={t('restaurant:tables.meta.title')} description={t('restaurant:tables.meta.description')} path={paths.restaurantBook} jsonLd={[restaurantJsonLd(language)]} />
      <section className={`container ${page.section}`} aria-labelledby="table-form-title">
        <h1 id="table-form-title" className={page.title}>
          {t('restaurant:tables.title')}
        </h1>
        <p className={page.sectionLead}>
          {t('restaurant:tables.lead', { hours: venue.hours.restaurant[language] })}{' '}
          <a href={`tel:${phone}`} data-testid="table-phone">
            {t('restaurant:tables.phone', { phone: formatPhone(phone) })}
          </a>
        </p>
        <TableBookingForm />
      </section>
    </div>
  );
}
