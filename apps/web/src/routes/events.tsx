/** /events: the weekly evenings (music, wine dinners, hookahs, tours), private events, how to come (PUB-10). */
import { Link } from 'react-router';
import { useTranslation } from '../shared/i18n';
import { venue } from '@hotel/domain';
import { BookingPanel } from '../features/site/components/booking-panel';
import { HydrateLater } from '../shared/hydration/hydrate-later';
import { PageIntro } from './page-intro';
import { PageMeta } from '../shared/seo/page-meta';
import page from './page.module.css';
import { paths } from '../shared/paths';

const EVENTS = ['jazz', 'dinner', 'hookah', 'tour'] as const;

export function Component() {
  const { t } = useTranslation('restaurant');
  return (
    <>
      <PageMeta title={t('events.meta.title')} description={t('events.meta.description')} path={paths.events} />
      <HydrateLater>
        {() => (
          <PageIntro
            id="events-title"
            eyebrow={t('events.eyebrow')}
            title={t('events.title')}
            lead={t('events.lead')}
          />
        )}
      </HydrateLater>

      <HydrateLater>
        {() => (
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
        )}
      </HydrateLater>

      <HydrateLater>
        {() => (
          <section className={`container ${page.section}`} aria-labelledby="events-private">
            <div className={page.panel}>
              <h2 id="events-private" className={page.sectionTitle}>
                {t('events.private.title')}
              </h2>
              <p>{t('events.private.text')}</p>
              <Link to={paths.banquet} className={page.textLink}>
                {t('events.private.link')}
              </Link>
            </div>
          </section>
        )}
      </HydrateLater>

      <BookingPanel title={t('events.booking.title')} text={t('events.booking.text')} phone={venue.phones.restaurant} hours={venue.hours.restaurant} />
    </>
  );
}
