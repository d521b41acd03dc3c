/**
 * The admin area's screens and the permission each needs (issue 49): the navigation shows only
 * those the person's roles may read, and a direct address to another one shows "no access". The
 * permissions are packages/domain's table, the one the server's guards read.
 */
import type { Permission } from '@hotel/domain';
import type { AdminIconName } from '../../shared/admin/icons';
import { paths } from '../../shared/paths';

export interface AdminScreen {
  to: string;
  label: string;
  /** The bottom bar's label, where the full one is too long. */
  short?: string;
  icon: AdminIconName;
  permission: Permission;
  /** Other permissions the screen changes besides (the menu's availability on the menu screen): who holds one is not read-only there. */
  alsoChanges?: readonly Permission[];
}

export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { to: paths.admin.hotel, label: 'admin:nav.hotel', icon: 'hotel', permission: 'rooms' },
  { to: paths.admin.reservations, label: 'admin:nav.reservations', short: 'admin:nav.reservationsShort', icon: 'calendar', permission: 'reservations' },
  { to: paths.admin.users, label: 'admin:nav.users', short: 'admin:nav.usersShort', icon: 'users', permission: 'staff' },
  { to: paths.admin.delivery, label: 'admin:nav.delivery', icon: 'delivery', permission: 'menu', alsoChanges: ['menu.availability'] },
  { to: paths.admin.orders, label: 'admin:nav.orders', icon: 'orders', permission: 'orders.board', alsoChanges: ['kitchen.settings'] },
  { to: paths.admin.restaurant, label: 'admin:nav.restaurant', short: 'admin:nav.restaurantShort', icon: 'tables', permission: 'tables' },
  { to: paths.admin.payments, label: 'admin:nav.payments', icon: 'money', permission: 'payments' },
  { to: paths.admin.reports, label: 'admin:nav.reports', icon: 'chart', permission: 'reports' },
  { to: paths.admin.desk, label: 'admin:nav.desk', icon: 'desk', permission: 'desk' },
  { to: paths.admin.housekeeping, label: 'admin:nav.housekeeping', icon: 'broom', permission: 'housekeeping' },
  { to: paths.admin.reviews, label: 'admin:nav.reviews', icon: 'star', permission: 'reviews' },
  { to: paths.admin.promo, label: 'admin:nav.promo', icon: 'tag', permission: 'promo' },
  { to: paths.admin.log, label: 'admin:nav.log', icon: 'log', permission: 'change-log' },
];

/** The screen an address belongs to, or undefined. */
export function screenOf(pathname: string): AdminScreen | undefined {
  return ADMIN_SCREENS.find((screen) => pathname === screen.to || pathname.startsWith(`${screen.to}/`));
}
