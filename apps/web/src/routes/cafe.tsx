/** /cafe: the cafe's offer, drinks and desserts from the real menu, how to come (PUB-10). */
import { useTranslation } from '../shared/i18n';
import { venue, type Product } from '@hotel/domain';
import { BookingPanel } from '../features/site/components/booking-panel';
import { MenuHighlights } from '../features/site/components/menu-highlights';
import { HydrateLater } from '../shared/hydration/hydrate-later';
import { PageIntro } from './page-intro';
import { PageMeta } from '../shared/seo/page-meta';
import page from './page.module.css';
import { paths } from '../shared/paths';

const OFFERS = ['breakfast', 'pastry', 'coffee'] as const;
/** Drinks and desserts: what the cafe serves from the restaurant's menu. */
const CAFE_CATEGORIES = /кофе|чай|coffee|tea|drink|напит|dessert|десерт/i;

function cafeDishes(menu: Product[]): Product[] {
  return menu.filter((product) => CAFE_CATEGORIES.test(product.category.title.en) || CAFE_CATEGORIES.test(product.category.title.ru));
}

export function Component() {
  const { t } = useTranslation('restaurant');
  return (
    <>
      <PageMeta title={t('cafe.meta.title')} description={t('cafe.meta.description')} path={paths.cafe} />
      <HydrateLater>
        {() => (
          <PageIntro
            id="cafe-title"
            eyebrow={t('cafe.eyebrow')}
            title={t('cafe.title')}
            lead={t('cafe.lead')}
            art="/illustrations/hero-cafe.svg"
          />
        )}
      </HydrateLater>

      <HydrateLater>
        {() => (
          <section className={`container ${page.section}`} aria-labelledby="cafe-offers">
            <h2 id="cafe-offers" className={page.sectionTitle}>
              {t('cafe.offers.title')}
            </h2>
            <ul className={page.cards}>
              {OFFERS.map((key) => (
                <li key={key} className={page.card}>
                  <h3>{t(`cafe.offers.${key}.title`)}</h3>
                  <p>{t(`cafe.offers.${key}.text`)}</p>
                </li>
              ))}
            </ul>
          </section>
        )}
      </HydrateLater>

      <HydrateLater>
        {() => (
          <section className={`container ${page.section}`} aria-labelledby="cafe-menu">
            <h2 id="cafe-menu" className={page.sectionTitle}>
              {t('cafe.menu.title')}
            </h2>
            <p className={page.sectionLead}>{t('cafe.menu.lead')}</p>
            <MenuHighlights select={cafeDishes} count={6} errorText={t('restaurantPage.meals.error')} emptyText={t('restaurantPage.meals.empty')} />
          </section>
        )}
      </HydrateLater>

      <BookingPanel title={t('cafe.booking.title')} text={t('cafe.booking.text')} phone={venue.phones.restaurant} hours={venue.hours.cafe} />
    </>
  );
}
