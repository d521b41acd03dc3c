import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../i18n';
import { DIVIDER_FOLLOW_PX, HEADER_SCROLLED_PX, HEADER_SEARCH_PX } from '@hotel/domain';
import { useSession } from '../session/session-store';
import { LanguageToggle } from './language-toggle';
import { headerLinks, isCurrent, restaurantHeaderLinks, SITE_MAP_ID } from './site-links';
import { useScrollOffset } from './use-scroll-offset';
import styles from './header.module.css';
import { paths } from '../paths';

// The cart's link shows only to a signed-in guest, which the prerendered page never is: the cart's
// store and rules load when the session says so, not with every first visit.
const CartLink = lazy(() => import('../cart/cart-link').then((module) => ({ default: module.CartLink })));
// The side menu's dialog code loads on first open, not with every page.
const SideMenu = lazy(() => import('./side-menu'));
// The room search loads when the visitor first scrolls far enough to see it (CHR-05).
const RoomSearchForm = lazy(() => import('../forms/room-search-form'));

const RESTAURANT_PATH = /^\/(restaurant|delivery)(\/|$)/;
// The hotel pages carry their own room filter, so a second one in the header would repeat it; staff
// in the admin area are not searching for a room, and on a phone the form would cover their boards.
// A guest ordering food, filling in the account or signing in is not either: on a phone the bar
// took a quarter of the screen there and hid the field being typed in.
// The table form is a form of its own, which a bar over its fields would cover.
const NO_SEARCH_PATH = /^\/(hotel|admin|delivery|account|auth|restaurant\/book)(\/|$)/;

export function Header() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  // One scroll reading drives all three thresholds: scrolled style, search form, divider.
  const offset = useScrollOffset(Math.max(HEADER_SEARCH_PX, DIVIDER_FOLLOW_PX) + 1);
  const scrolled = offset > HEADER_SCROLLED_PX;
  const searchShown = offset > HEADER_SEARCH_PX && !NO_SEARCH_PATH.test(pathname);
  const [searchWanted, setSearchWanted] = useState(false);
  if (searchShown && !searchWanted) setSearchWanted(true);
  const dividerProgress = Math.min(offset, DIVIDER_FOLLOW_PX) / DIVIDER_FOLLOW_PX;
  const restaurant = RESTAURANT_PATH.test(pathname);
  const signedIn = useSession((s) => s.status === 'authenticated');
  // The menu is open on the page where it was opened; any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const [menuWanted, setMenuWanted] = useState(false);
  const links = restaurant ? restaurantHeaderLinks : headerLinks;
  // The curve's depth shrinks as the page scrolls, and stays flat past DIVIDER_FOLLOW_PX (CHR-14).
  const depth = 18 * (1 - dividerProgress);

  return (
    <header
      className={styles.header}
      data-scrolled={scrolled}
      data-search={searchShown}
      data-variant={restaurant ? 'restaurant' : 'main'}
      data-signed-in={signedIn}
      data-testid="site-header"
    >
      <div className={styles.inner}>
        <div className={styles.start}>
          {/* A link to the footer's list of the site's pages, so a tap without scripts still leads
              to them; the app (or public/boot.js's early tap) opens the side menu instead. */}
          <a
            href={`#${SITE_MAP_ID}`}
            role="button"
            className={styles.burger}
            aria-label={t('nav.openMenu')}
            aria-expanded={menuOpen}
            aria-controls="side-menu"
            data-early="menu"
            onClick={(event) => {
              event.preventDefault();
              setMenuWanted(true);
              setOpenOn(pathname);
            }}
            // A button opens with Space as well as Enter; a link only with Enter.
            onKeyDown={(event) => {
              if (event.key !== ' ') return;
              event.preventDefault();
              event.currentTarget.click();
            }}
          >
            <span />
            <span />
            <span />
          </a>
          <LanguageToggle className={styles.language} />
          <Link to={paths.home} className={styles.logo}>
            <span className={styles.logoMark} aria-hidden="true">
              1799
            </span>
            <span className={styles.logoText}>{t('brand')}</span>
          </Link>
        </div>

        <nav className={styles.nav} aria-label={t('nav.main')}>
          {links
            .filter((link) => !isCurrent(link, pathname))
            .map((link) => (
              <Link
                key={link.to}
                to={link.to}
                className={link.secondary ? `${styles.navLink} ${styles.secondary}` : styles.navLink}
              >
                {t(link.label)}
              </Link>
            ))}
        </nav>

        <div className={styles.end}>
          {restaurant && pathname !== paths.restaurantBook && (
            <Link to={paths.restaurantBook} className={styles.action} data-testid="header-book-table">
              {t('nav.reserveTable')}
            </Link>
          )}
          {signedIn ? (
            <>
              <Suspense fallback={null}>
                <CartLink />
              </Suspense>
              <Link to={paths.account.root} className={styles.actionStrong}>
                {t('nav.account')}
              </Link>
            </>
          ) : (
            <Link to={paths.auth.root} className={styles.actionStrong}>
              {t('nav.login')}
            </Link>
          )}
        </div>
      </div>
      {searchWanted && (
        <div className={styles.search} hidden={!searchShown}>
          <div className={styles.searchInner}>
            <Suspense fallback={null}>
              <RoomSearchForm compact />
            </Suspense>
          </div>
        </div>
      )}
      <svg
        className={styles.divider}
        viewBox="0 0 1440 20"
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
        data-testid="header-divider"
        data-progress={dividerProgress.toFixed(2)}
      >
        <path className={styles.dividerFill} d={`M0 0H1440V1Q720 ${1 + depth} 0 1Z`} />
        <path className={styles.dividerLine} d={`M0 1Q720 ${1 + depth} 1440 1`} />
      </svg>
      {menuWanted && (
        <Suspense fallback={null}>
          <SideMenu open={menuOpen} onClose={() => setOpenOn(null)} signedIn={signedIn} />
        </Suspense>
      )}
    </header>
  );
}
