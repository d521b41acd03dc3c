/** /restaurant: intro, meals from the real menu, the house, the chef, delivery, reserve by phone (PUB-08, PUB-09). */
import { useTranslation } from '../shared/i18n';
import { bynFromKopecks, DELIVERY_PROMISE_MINUTES, formatPhone, venue } from '@hotel/domain';
import { useDeliveryFee } from '../features/cart/api/get-ordering';
import { Ornament } from '../features/site/components/illustrations';
import { MenuHighlights, onePerCategory } from '../features/site/components/menu-highlights';
import { useLanguage } from '../shared/hooks/use-language';
import { HydrateLater } from '../shared/hydration/hydrate-later';
import { PageIntro } from './page-intro';
import { PageMeta } from '../shared/seo/page-meta';
import { restaurantJsonLd } from '../shared/seo/structured-data';
import { ButtonLink } from '../shared/ui';
import page from './page.module.css';
import styles from './restaurant.module.css';
import { paths } from '../shared/paths';

const SECTIONS = ['meals', 'about', 'chef', 'delivery', 'reserve'] as const;

export function Component() {
  const { t } = useTranslation('restaurant');
  const deliveryFee = useDeliveryFee();
  const { language } = useLanguage();
  const phone = venue.phones.restaurant;

  return (
    <div className={styles.page}>
      <PageMeta
        title={t('restaurantPage.meta.title')}
        description={t('restaurantPage.meta.description')}
        path={paths.restaurant}
        jsonLd={[restaurantJsonLd(language)]}
      />
      <HydrateLater>
        {() => (
          <PageIntro
            id="restaurant-title"
            eyebrow={t('restaurantPage.intro.eyebrow')}
            title={t('restaurantPage.intro.title')}
            lead={t('restaurantPage.intro.lead')}
            art="/illustrations/hero-restaurant.svg"
            testId="restaurant-intro"
          >
            <ButtonLink to={paths.restaurantBook} className={styles.primary}>
              {t('restaurantPage.intro.reserve')}
            </ButtonLink>
            <ButtonLink to={paths.delivery} variant="outline" className={styles.outline}>
              {t('restaurantPage.intro.menu')}
            </ButtonLink>
          </PageIntro>
        )}
      </HydrateLater>

      <HydrateLater>
        {() => (
          <nav className={`container ${styles.sectionNav}`} aria-label={t('common:nav.restaurantMenu')}>
            {SECTIONS.map((id) => (
              <a key={id} href={`#${id}`}>
                {t(`restaurantPage.nav.${id}`)}
              </a>
            ))}
          </nav>
        )}
      </HydrateLater>

      <HydrateLater>
        {() => (
          <section id="meals" className={`container ${page.section}`} aria-labelledby="meals-title" data-testid="restaurant-meals">
            <h2 id="meals-title" className={page.sectionTitle}>
              {t('restaurantPage.meals.title')}
            </h2>
            <p className={page.sectionLead}>{t('restaurantPage.meals.lead')}</p>
            <MenuHighlights select={onePerCategory} count={6} errorText={t('restaurantPage.meals.error')} emptyText={t('restaurantPage.meals.empty')} />
            <p className={styles.more}>
              <ButtonLink to={paths.delivery} variant="outline" className={styles.outline}>
                {t('restaurantPage.meals.all')}
              </ButtonLink>
            </p>
          </section>
        )}
      </HydrateLater>

      <HydrateLater>
        {() => (
          <section id="about" className={`container ${page.section}`} aria-labelledby="about-title" data-testid="restaurant-about">
            <div className={`${page.panel} ${styles.about}`}>
              <svg className={styles.vault} viewBox="0 0 200 120" aria-hidden="true" focusable="false">
                <path d="M10 120V70a90 60 0 0 1 180 0v50M30 120V74a70 46 0 0 1 140 0v46" fill="none" stroke="currentColor" strokeWidth="1.5" />
                <text x="100" y="92" textAnchor="middle" fill="currentColor" style={{ fontFamily: 'var(--font-serif)' }} fontSize="30" fontWeight="600">1799</text>
              </svg>
              <div>
                <h2 id="about-title" className={page.sectionTitle}>
                  {t('restaurantPage.about.title')}
                </h2>
                <p>{t('restaurantPage.about.text')}</p>
                <ButtonLink to={paths.home} variant="outline" className={styles.outline}>
                  {t('restaurantPage.about.link')}
                </ButtonLink>
              </div>
            </div>
          </section>
        )}
      </HydrateLater>

      <HydrateLater>
        {() => (
          <section id="chef" className={`container ${page.section}`} aria-labelledby="chef-title" data-testid="restaurant-chef">
            <div className={page.split}>
              <img src="/illustrations/chef.svg" alt={t('restaurantPage.chef.portrait')} className={styles.portrait} width={240} height={280} loading="lazy" decoding="async" />
              <div>
                <h2 id="chef-title" className={page.sectionTitle}>
                  {t('restaurantPage.chef.title')}
                </h2>
                <blockquote className={styles.quote}>{t('restaurantPage.chef.quote')}</blockquote>
                <p className={styles.chefName}>
                  <strong>{t('restaurantPage.chef.name')}</strong>, {t('restaurantPage.chef.role')}
                </p>
                <p className={styles.muted}>{t('restaurantPage.chef.text')}</p>
              </div>
            </div>
          </section>
        )}
      </HydrateLater>

      <HydrateLater>
        {() => (
          <section id="delivery" className={`container ${page.section}`} aria-labelledby="delivery-title" data-testid="restaurant-delivery">
            <div className={styles.delivery}>
              <div>
                <h2 id="delivery-title" className={page.sectionTitle}>
                  {t('restaurantPage.delivery.title')}
                </h2>
                <p>
                  {t('restaurantPage.delivery.text', {
                    minutes: DELIVERY_PROMISE_MINUTES,
                    fee: bynFromKopecks(deliveryFee),
                  })}
                </p>
              </div>
              <ButtonLink to={paths.delivery} className={styles.deliveryLink}>
                {t('restaurantPage.delivery.link')}
              </ButtonLink>
            </div>
          </section>
        )}
      </HydrateLater>

      <HydrateLater>
        {() => (
          <section id="reserve" className={`container ${page.section}`} aria-labelledby="reserve-title" data-testid="restaurant-reserve">
            <div className={styles.reserve}>
              <Ornament className={page.ornament} />
              <h2 id="reserve-title" className={page.sectionTitle}>
                {t('restaurantPage.reserve.title')}
              </h2>
              <p className={styles.muted}>{t('restaurantPage.reserve.text')}</p>
              <ButtonLink to={paths.restaurantBook} className={styles.primary} data-testid="reserve-online">
                {t('restaurantPage.reserve.online')}
              </ButtonLink>
              <a href={`tel:${phone}`} className={styles.phone} data-testid="reserve-phone">
                {t('restaurantPage.reserve.call', { phone: formatPhone(phone) })}
              </a>
              <p className={styles.muted}>{venue.hours.restaurant[language]}</p>
            </div>
          </section>
        )}
      </HydrateLater>
    </div>
  );
}
