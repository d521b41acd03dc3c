/** The site's navigation, in one list, so header, side menu and footer agree. */
import { paths } from '../paths';

export interface SiteLink {
  to: string;
  /** Key in the common namespace. */
  label: string;
  /** Left out of the header's bar on narrower desktops (still in the side menu and footer). */
  secondary?: boolean;
}

export const headerLinks: SiteLink[] = [
  { to: paths.home, label: 'nav.about' },
  { to: paths.hotel.root, label: 'nav.hotel' },
  { to: paths.restaurant, label: 'nav.restaurant' },
  { to: paths.cafe, label: 'nav.cafe', secondary: true },
  { to: paths.banquet, label: 'nav.banquet', secondary: true },
  { to: paths.events, label: 'nav.events', secondary: true },
  { to: paths.delivery, label: 'nav.delivery' },
  { to: paths.contacts, label: 'nav.contacts' },
];

/** The burger menu's list (spec: about, hotel, cafe, delivery, contacts). */
export const sideMenuLinks: SiteLink[] = [
  { to: paths.home, label: 'nav.about' },
  { to: paths.hotel.root, label: 'nav.hotel' },
  { to: paths.restaurant, label: 'nav.restaurant' },
  { to: paths.cafe, label: 'nav.cafe' },
  { to: paths.banquet, label: 'nav.banquet' },
  { to: paths.events, label: 'nav.events' },
  { to: paths.delivery, label: 'nav.delivery' },
  { to: paths.contacts, label: 'nav.contacts' },
];

export function isCurrent(link: SiteLink, pathname: string): boolean {
  return link.to === '/' ? pathname === '/' : pathname === link.to || pathname.startsWith(`${link.to}/`);
}

/** The restaurant header's bar (/restaurant and /delivery): the dining side of the house first. */
export const restaurantHeaderLinks: SiteLink[] = [
  { to: paths.home, label: 'nav.about' },
  { to: paths.restaurant, label: 'nav.restaurant' },
  { to: paths.delivery, label: 'nav.menu' },
  { to: paths.cafe, label: 'nav.cafe', secondary: true },
  { to: paths.banquet, label: 'nav.banquet', secondary: true },
  { to: paths.events, label: 'nav.events', secondary: true },
  { to: paths.hotel.root, label: 'nav.hotel' },
  { to: paths.contacts, label: 'nav.contacts' },
];

/** The footer's list of the site's pages: where the burger leads when the app cannot open the side menu. */
export const SITE_MAP_ID = 'site-map';
