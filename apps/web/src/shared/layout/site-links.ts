/** The site's navigation, in one list, so header, side menu and footer agree. */
export interface SiteLink {
  to: string;
  /** Key in the common namespace. */
  label: string;
  /** Left out of the header's bar on narrower desktops (still in the side menu and footer). */
  secondary?: boolean;
}

export const headerLinks: SiteLink[] = [
  { to: '/', label: 'nav.about' },
  { to: '/hotel', label: 'nav.hotel' },
  { to: '/restaurant', label: 'nav.restaurant' },
  { to: '/cafe', label: 'nav.cafe', secondary: true },
  { to: '/banquet', label: 'nav.banquet', secondary: true },
  { to: '/events', label: 'nav.events', secondary: true },
  { to: '/delivery', label: 'nav.delivery' },
  { to: '/contacts', label: 'nav.contacts' },
];

/** The burger menu's list (spec: about, hotel, cafe, delivery, contacts). */
export const sideMenuLinks: SiteLink[] = [
  { to: '/', label: 'nav.about' },
  { to: '/hotel', label: 'nav.hotel' },
  { to: '/restaurant', label: 'nav.restaurant' },
  { to: '/cafe', label: 'nav.cafe' },
  { to: '/banquet', label: 'nav.banquet' },
  { to: '/events', label: 'nav.events' },
  { to: '/delivery', label: 'nav.delivery' },
  { to: '/contacts', label: 'nav.contacts' },
];

export function isCurrent(link: SiteLink, pathname: string): boolean {
  return link.to === '/' ? pathname === '/' : pathname === link.to || pathname.startsWith(`${link.to}/`);
}

/** The restaurant header's bar (/restaurant and /delivery): the dining side of the house first. */
export const restaurantHeaderLinks: SiteLink[] = [
  { to: '/', label: 'nav.about' },
  { to: '/restaurant', label: 'nav.restaurant' },
  { to: '/delivery', label: 'nav.menu' },
  { to: '/cafe', label: 'nav.cafe', secondary: true },
  { to: '/banquet', label: 'nav.banquet', secondary: true },
  { to: '/events', label: 'nav.events', secondary: true },
  { to: '/hotel', label: 'nav.hotel' },
  { to: '/contacts', label: 'nav.contacts' },
];
