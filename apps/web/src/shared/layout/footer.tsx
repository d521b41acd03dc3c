import { Link, useLocation } from 'react-router';
import { useTranslation } from '../i18n';
import { copyrightYears, formatPhone, venue } from '@hotel/domain';
import { useLanguage } from '../hooks/use-language';
import { LanguageToggle } from './language-toggle';
import { isCurrent, SITE_MAP_ID, type SiteLink } from './site-links';
import styles from './footer.module.css';
import { paths } from '../paths';

export function Footer() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const { language } = useLanguage();
  const inRestaurant = /^\/(restaurant|delivery)(\/|$)/.test(pathname);
  const links: SiteLink[] = [
    { to: paths.home, label: 'nav.about' },
    inRestaurant ? { to: paths.delivery, label: 'nav.menu' } : { to: paths.hotel.root, label: 'nav.hotel' },
    { to: paths.restaurant, label: 'nav.restaurant' },
    { to: paths.cafe, label: 'nav.cafe' },
    { to: paths.banquet, label: 'nav.banquet' },
    { to: paths.events, label: 'nav.events' },
    { to: paths.terms, label: 'nav.terms' },
    { to: paths.contacts, label: 'nav.contacts' },
  ];

  return (
    <footer className={styles.footer} data-testid="site-footer">
      <div className={styles.inner}>
        <div className={styles.brand}>
          <p className={styles.name}>{t('brand')}</p>
          <p className={styles.tagline}>{venue.tagline[language]}</p>
          <address className={styles.address}>
            {venue.address.street[language]}, {venue.address.city[language]}
            <br />
            <a href={`tel:${venue.phones.hotel}`}>{formatPhone(venue.phones.hotel)}</a>
          </address>
        </div>
        <nav id={SITE_MAP_ID} aria-label={t('nav.main')}>
          <ul className={styles.links}>
            {links.map((link) => (
              <li key={link.to}>
                {isCurrent(link, pathname) ? (
                  <span aria-current="page" className={styles.current}>
                    {t(link.label)}
                  </span>
                ) : (
                  <Link to={link.to}>{t(link.label)}</Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.side}>
          <LanguageToggle />
          <a href={venue.social.instagram} target="_blank" rel="noreferrer" className={styles.social}>
            {t('footer.social')}
          </a>
        </div>
      </div>
      <p className={styles.copyright}>
        {t('footer.copyright', { years: copyrightYears(), company: venue.legalName[language] })}
      </p>
    </footer>
  );
}
