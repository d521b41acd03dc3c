/** Address, phones, hours and the map (PUB-05, PUB-14): on the home page and on /contacts. */
import { useTranslation } from '../../../shared/i18n';
import { formatPhone, venue } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import { CopyButton } from './copy-button';
import { VenueMap } from './venue-map';
import styles from './contacts-block.module.css';

export function ContactsBlock({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('about');
  const { language } = useLanguage();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const phones = [
    { key: 'reception', phone: venue.phones.hotel, hours: venue.hours.reception[language] },
    { key: 'restaurant', phone: venue.phones.restaurant, hours: venue.hours.restaurant[language] },
    { key: 'delivery', phone: venue.phones.delivery, hours: venue.hours.delivery[language] },
  ] as const;
  const fullAddress = `${venue.address.street[language]}, ${venue.address.postalCode} ${venue.address.city[language]}, ${venue.address.country[language]}`;

  return (
    <div className={styles.block} data-testid="contacts-block">
      <div className={styles.info}>
        <div className={styles.group}>
          <Heading className={styles.heading}>{t('contacts.address')}</Heading>
          <div className={styles.addressRow}>
            <address className={styles.address}>
              {venue.address.street[language]}
              <br />
              {venue.address.postalCode} {venue.address.city[language]}, {venue.address.country[language]}
            </address>
            <CopyButton value={fullAddress} label={t('contacts.copyAddress')} />
          </div>
        </div>
        <div className={styles.group}>
          <Heading className={styles.heading}>{t('contacts.phones')}</Heading>
          <dl className={styles.phones}>
            {phones.map(({ key, phone, hours }) => (
              <div key={key} className={styles.phone}>
                <dt>{t(`contacts.${key}`)}</dt>
                <dd>
                  <a href={`tel:${phone}`} className={styles.tel}>
                    {formatPhone(phone)}
                  </a>
                  <span className={styles.hours}>{hours}</span>
                </dd>
              </div>
            ))}
            <div className={styles.phone}>
              <dt>{t('contacts.email')}</dt>
              <dd>
                <a href={`mailto:${venue.email}`} className={styles.tel}>
                  {venue.email}
                </a>
              </dd>
            </div>
          </dl>
        </div>
        <div className={styles.group}>
          <Heading className={styles.heading}>{t('contacts.hours')}</Heading>
          <dl className={styles.hoursList}>
            <div>
              <dt>{t('contacts.restaurant')}</dt>
              <dd>{venue.hours.restaurant[language]}</dd>
            </div>
            <div>
              <dt>{t('contacts.cafe')}</dt>
              <dd>{venue.hours.cafe[language]}</dd>
            </div>
            <div>
              <dt>{t('contacts.delivery')}</dt>
              <dd>{venue.hours.delivery[language]}</dd>
            </div>
          </dl>
        </div>
      </div>
      <VenueMap />
    </div>
  );
}
