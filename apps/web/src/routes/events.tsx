/** /events: the weekly evenings (music, wine dinners, hookahs, tours), private events, how to come (PUB-10). */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { venue } from '@hotel/domain';
import { Ornament } from '../features/site/components/illustrations';
import { BookingPanel } from '../features/site/components/booking-panel';
import { PageMeta } from '../shared/seo/page-meta';
import page from './page.module.css';

const EVENTS = ['jazz', 'dinner', 'hookah', 'tour'] as const;

export function Component() {
  const { t } = useTranslation('restaurant');
  return (
    <>
      <PageMeta title={t('events.meta.title')} description={t('events.meta.description')} path="/events" />
      <section className={`container ${page.intro} ${page.introSingle}`} aria-labelledby="events-title">
        <div>
          <p className={page.eyebrow}>{t('events.eyebrow')}</p>
          <h1 id="events-title" className={page.title}>
            {t('events.title')}
          </h1>
          <Ornament className={page.ornament} />
          <p className={page.lead}>{t('events.lead')}</p>
        </div>
      </section>

      <section className={`container ${page.section}`} aria-labelledby="events-list">
        <h2 id="events-list" className={page.sectionTitle}>
          {t('events.list.title')}
        </h2>
        <ul className={page.cards}>
          {EVENTS.map((key) => (
            <li key={key} className={page.card} data-testid="event-card">
              <p className={page.cardMeta}>{t(`events.list.${key}.when`)}</p>
              <h3>{t(`events.list.${key}.title`)}</h3>
              <p>{t(`events.list.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={`container ${page.section}`} aria-labelledby="events-private">
        <div className={page.panel}>
          <h2 id="events-private" className={page.sectionTitle}>
            {t('events.private.title')}
          </h2>
          <p>{t('events.private.text')}</p>
          <Link to="/banquet" className={page.textLink}>
            {t('events.private.link')}
          </Link>
        </div>
      </section>

      <BookingPanel title={t('events.booking.title')} text={t('events.booking.text')} phone={venue.phones.restaurant} hours={venue.hours.restaurant} />
    </>
  );
}
