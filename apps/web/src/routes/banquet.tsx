/** /banquet: formats with capacity and price, what is included, how to book (PUB-10). */
import { useTranslation } from '../shared/i18n';
import { venue } from '@hotel/domain';
import { BookingPanel } from '../features/site/components/booking-panel';
import { HydrateLater } from '../shared/hydration/hydrate-later';
import { PageIntro } from './page-intro';
import { PageMeta } from '../shared/seo/page-meta';
import page from './page.module.css';
import { paths } from '../shared/paths';

const FORMATS = ['chamber', 'hall', 'buffet'] as const;
const INCLUDED = ['menu', 'decor', 'music', 'rooms'] as const;

export function Component() {
  const { t } = useTranslation('restaurant');
  return (
    <>
      <PageMeta title={t('banquet.meta.title')} description={t('banquet.meta.description')} path={paths.banquet} />
      <HydrateLater>
        {() => (
          <PageIntro
            id="banquet-title"
            eyebrow={t('banquet.eyebrow')}
            title={t('banquet.title')}
            lead={t('banquet.lead')}
            art="/illustrations/hero-restaurant.svg"
          />
        )}
      </HydrateLater>

      <HydrateLater>
        {() => (
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
        )}
      </HydrateLater>

      <HydrateLater>
        {() => (
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
        )}
      </HydrateLater>

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
