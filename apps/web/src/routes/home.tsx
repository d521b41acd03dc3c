/** `/`: the house in brief — hero, the four services, then and now, rooms, events, how to find us. */
import { lazy, Suspense, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../shared/i18n';
import { CompareSlider } from '../features/site/components/compare-slider';
import { ContactsBlock } from '../features/site/components/contacts-block';
import { EventsBanner } from '../features/site/components/events-banner';
import { FeatureCards } from '../features/site/components/feature-cards';
import { HeroSlider } from '../features/site/components/hero-slider';
import { Ornament } from '../features/site/components/illustrations';
import { withQueryClient } from '../shared/api/query-client-gate';
import { useLanguage } from '../shared/hooks/use-language';
import { useNearViewport } from '../shared/hooks/use-near-viewport';
import { HydrateLater } from '../shared/hydration/hydrate-later';
import { PageMeta } from '../shared/seo/page-meta';
import { hotelJsonLd, restaurantJsonLd } from '../shared/seo/structured-data';
import { ButtonLink, Skeleton } from '../shared/ui';
import styles from './home.module.css';
import { paths } from '../shared/paths';

// The rooms' carousel is not drawn until the rooms are asked for (once the page has started or
// the visitor scrolls towards it): its code (the query, the cards, their texts) comes then, not
// with the page's first download. The prerender inlines its CSS (scripts/prerender.mjs).
const RoomsCarousel = lazy(withQueryClient(() => import('./home-rooms-carousel')));

export function Component() {
  const { t } = useTranslation('about');
  const { language } = useLanguage();

  return (
    <>
      <PageMeta
        title={t('meta.title')}
        description={t('meta.description')}
        path="/"
        jsonLd={[hotelJsonLd(language), restaurantJsonLd(language)]}
      />
      <HydrateLater>
        {() => (
          <section className={styles.hero} aria-labelledby="home-title">
            <div className={styles.heroText}>
              <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
              <h1 id="home-title" className={styles.title}>
                {t('hero.title')}
              </h1>
              <Ornament className={styles.ornament} />
              <p className={styles.lead}>{t('hero.lead')}</p>
              <div className={styles.actions}>
                <a href="#rooms" className={styles.primary}>
                  {t('hero.rooms')}
                </a>
                <Link to={paths.delivery} className={styles.secondary}>
                  {t('hero.menu')}
                </Link>
              </div>
            </div>
            <HeroSlider />
          </section>
        )}
      </HydrateLater>

      <HydrateLater>
        {() => (
          <section className={`container ${styles.section}`} aria-labelledby="features-title">
            <h2 id="features-title" className={styles.sectionTitle}>
              {t('features.title')}
            </h2>
            <FeatureCards />
          </section>
        )}
      </HydrateLater>

      <HydrateLater>
        {() => (
          <section className={`container ${styles.section} ${styles.compare}`} aria-labelledby="compare-title">
            <div className={styles.compareText}>
              <h2 id="compare-title" className={styles.sectionTitle}>
                {t('compare.title')}
              </h2>
              <p className={styles.sectionLead}>{t('compare.lead')}</p>
            </div>
            <CompareSlider />
          </section>
        )}
      </HydrateLater>

      <HydrateLater>
        <RoomsPreview />
      </HydrateLater>

      <HydrateLater>
        {() => (
          <div className={`container ${styles.section}`}>
            <EventsBanner />
          </div>
        )}
      </HydrateLater>

      <HydrateLater>
        {() => (
          <section className={`container ${styles.section}`} aria-labelledby="contacts-title">
            <h2 id="contacts-title" className={styles.sectionTitle}>
              {t('contacts.title')}
            </h2>
            <p className={styles.sectionLead}>{t('contacts.lead')}</p>
            <ContactsBlock />
          </section>
        )}
      </HydrateLater>
    </>
  );
}

/** The rooms' section: its title and link at once, the carousel when the rooms are wanted. */
function RoomsPreview() {
  const { t } = useTranslation('about');
  const roomsSection = useRef<HTMLElement>(null);
  const near = useNearViewport(roomsSection);
  const skeletons = (
    <div className={styles.grid} aria-busy="true">
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} height={420} radius="lg" />
      ))}
    </div>
  );

  return (
    <section id="rooms" ref={roomsSection} className={`container ${styles.section}`} aria-labelledby="rooms-title">
      <h2 id="rooms-title" className={styles.sectionTitle}>
        {t('rooms.title')}
      </h2>
      <p className={styles.sectionLead}>{t('rooms.lead')}</p>
      {near ? (
        <Suspense fallback={skeletons}>
          <RoomsCarousel skeletons={skeletons} />
        </Suspense>
      ) : (
        skeletons
      )}
      <div className={styles.more}>
        <ButtonLink to={paths.hotel.root} variant="outline">
          {t('rooms.all')}
        </ButtonLink>
      </div>
    </section>
  );
}
