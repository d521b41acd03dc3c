/** "How to book" with the phone, hours and address: the cafe, banquet and events pages end with it. */
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { formatPhone, venue } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import styles from './booking-panel.module.css';

export function BookingPanel({
  title,
  text,
  phone,
  hours,
  extra,
}: {
  title: string;
  text: string;
  phone: string;
  hours: { ru: string; en: string };
  extra?: ReactNode;
}) {
  const { t } = useTranslation('restaurant');
  const { language } = useLanguage();
  return (
    <section className={`container ${styles.section}`} aria-labelledby="booking-title" data-testid="booking-panel">
      <div className={`${styles.panel} ${styles.split}`}>
        <div>
          <h2 id="booking-title" className={styles.sectionTitle}>
            {title}
          </h2>
          <p>{text}</p>
        </div>
        <dl className={styles.checklist}>
          <div>
            <dt className={styles.cardMeta}>{t('restaurant:contactsBlock.phone')}</dt>
            <dd>
              <a href={`tel:${phone}`} className={styles.textLink}>
                {formatPhone(phone)}
              </a>
            </dd>
          </div>
          <div>
            <dt className={styles.cardMeta}>{t('restaurant:contactsBlock.hours')}</dt>
            <dd>{hours[language]}</dd>
          </div>
          <div>
            <dt className={styles.cardMeta}>{t('restaurant:contactsBlock.address')}</dt>
            <dd>
              {venue.address.street[language]}, {venue.address.city[language]}
            </dd>
          </div>
          {extra}
        </dl>
      </div>
    </section>
  );
}
