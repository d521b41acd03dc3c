/** /banquet: formats with capacity and price, what is included, how to book (PUB-10). */
import { useTranslation } from 'react-i18next';
import { venue } from '@hotel/domain';
import { Ornament } from '../features/site/components/illustrations';
import { BookingPanel } from '../features/site/components/booking-panel';
import { PageMeta } from '../shared/seo/page-meta';
import page from './page.module.css';

const FORMATS = ['chamber', 'hall', 'buffet'] as const;
const INCLUDED = ['menu', 'decor', 'music', 'rooms'] as const;

export function Component() {
  const { t } = useTranslation('restaurant');
  return (
    <>
      <PageMeta title={t('banquet.meta.title')} description={t('banquet.meta.description')} path="/banquet" />
      <section className={`container ${page.intro}`} aria-labelledby="banquet-title">
        <div>
          <p className={page.eyebrow}>{t('banquet.eyebrow')}</p>
          <h1 id="banquet-title" className={page.title}>
            {t('banquet.title')}
          </h1>
          <Ornament className={page.ornament} />
          <p className={page.lead}>{t('banquet.lead')}</p>
        </div>
        <div className={page.art}>
          <img src="/illustrations/hero-restaurant.svg" alt="" width={240} height={300} fetchPriority="high" />
        </div>
      </section>

      <section className={`container ${page.section}`} aria-labelledby="banquet-formats">
        <h2 id="banquet-formats" className={page.sectionTitle}>
          {t('banquet.offers.title')}
        </h2>
        <ul className={page.cards}>
          {FORMATS.map((key) => (
            <li key={key} className={page.card}>
              <p className={page.cardMeta}>{t(`banquet.offers.${key}.guests`)}</p>
              <h3>{t(`banquet.offers.${key}.title`)}</h3>
              <p>{t(`banquet.offers.${key}.text`)}</p>
              <p className={page.price}>{t(`banquet.offers.${key}.price`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={`container ${page.section}`} aria-labelledby="banquet-included">
        <h2 id="banquet-included" className={page.sectionTitle}>
          {t('banquet.included.title')}
        </h2>
        <ul className={page.checklist}>
          {INCLUDED.map((key) => (
            <li key={key}>{t(`banquet.included.items.${key}`)}</li>
          ))}
        </ul>
      </section>

      <BookingPanel
        title={t('banquet.booking.title')}
        text={t('banquet.booking.text')}
        phone={venue.phones.restaurant}
        hours={venue.hours.restaurant}
        extra={
          <div>
            <dt className={page.cardMeta}>E-mail</dt>
            <dd>
              <a href={`mailto:${venue.email}`} className={page.textLink}>
                {venue.email}
              </a>
            </dd>
          </div>
        }
      />
    </>
  );
}
