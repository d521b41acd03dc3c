/**
 * What each staff role may do (issue 49): the one table the server's guards and the web's
 * navigation and screens both read. A permission names a part of the admin area; its `roles` may
 * read it and change it, its `readers` may only read it (the accountant sees most of the hotel but
 * changes only money). The manager holds every permission but staff and the change log; the
 * superuser holds every one. A person may hold several roles: they may what any of them may.
 */
import { STAFF_ROLES, type StaffRole } from './staff-roles';

interface PermissionRule {
  /** Roles that read and change it (the manager and the superuser are added below unless `top`). */
  roles: readonly StaffRole[];
  /** Roles that only read it: the server lets them GET, the web shows the screen without its controls. */
  readers: readonly StaffRole[];
  /** Only the superuser (staff, the change log): not the manager's. */
  top?: true;
}

const ACCOUNTANT_READS = ['accountant'] as const;

const RULES = {
  /** The front desk: arrivals and departures, check-in and check-out, bookings made by staff. */
  desk: { roles: ['reception'], readers: ACCOUNTANT_READS },
  /** The reservations board: cancel for a guest, no-show, move a stay, close a room. */
  reservations: { roles: ['reception'], readers: ACCOUNTANT_READS },
  /** A stay's bill and the payments taken at the desk. */
  bills: { roles: ['reception', 'accountant'], readers: [] },
  /** Rooms' calendars shared with booking sites. */
  calendars: { roles: ['reception'], readers: ACCOUNTANT_READS },
  /** The restaurant's tables. */
  tables: { roles: ['reception'], readers: ACCOUNTANT_READS },
  /** Guests' reviews: show, hide, answer. */
  reviews: { roles: ['reception'], readers: ACCOUNTANT_READS },
  /** The housekeeping screen; reception reads the rooms' states (the desk warns before a room not clean). */
  housekeeping: { roles: ['housekeeping'], readers: ['reception'] },
  /** The live order board: move orders on, cancel, close ordering for the day. */
  'orders.board': { roles: ['kitchen'], readers: ACCOUNTANT_READS },
  /** The kitchen's delivery settings: lead time, orders per slot, minimum, free delivery from. */
  'kitchen.settings': { roles: ['kitchen'], readers: ACCOUNTANT_READS },
  /** Hide a dish that ran out, show it again. */
  'menu.availability': { roles: ['kitchen'], readers: ACCOUNTANT_READS },
  /** The payments ledger and its CSV. */
  payments: { roles: ['accountant'], readers: [] },
  /** Refunds and fees the provider would not take: retry, resolve; a booking's unpaid fee charged again. */
  refunds: { roles: ['accountant'], readers: [] },
  /** The owner's reports. */
  reports: { roles: ['accountant'], readers: [] },
  /** Room prices by date and the non-refundable discount. */
  prices: { roles: [], readers: ACCOUNTANT_READS },
  /** Stay rules: minimum stay, closed to arrival or departure. */
  rules: { roles: [], readers: ACCOUNTANT_READS },
  /** Extras sold with a stay. */
  extras: { roles: [], readers: ACCOUNTANT_READS },
  /** Promo codes. */
  promo: { roles: [], readers: ACCOUNTANT_READS },
  /** Rooms, their amenities and photos. */
  rooms: { roles: [], readers: ACCOUNTANT_READS },
  /** The menu: dishes, their prices, options and pictures, categories. */
  menu: { roles: [], readers: ['accountant', 'kitchen'] },
  /** The site's own texts. */
  content: { roles: [], readers: [] },
  /** Staff and their roles. */
  staff: { roles: [], readers: [], top: true },
  /** Who changed what. */
  'change-log': { roles: [], readers: [], top: true },
} as const satisfies Record<string, PermissionRule>;

export type Permission = keyof typeof RULES;
export const PERMISSIONS = Object.keys(RULES) as Permission[];

/** Read: look at it. Write: change it. */
export type Access = 'read' | 'write';

/** The table itself: for each permission, who may read it and who may change it. */
export const PERMISSION_TABLE: Record<Permission, Record<Access, readonly StaffRole[]>> = Object.fromEntries(
  PERMISSIONS.map((permission) => {
    const rule: PermissionRule = RULES[permission];
    const writers: StaffRole[] = rule.top ? ['superuser'] : [...rule.roles, 'manager', 'superuser'];
    const readers = [...writers, ...rule.readers.filter((role) => !writers.includes(role))];
    return [permission, { write: STAFF_ROLES.filter((r) => writers.includes(r)), read: STAFF_ROLES.filter((r) => readers.includes(r)) }];
  }),
) as unknown as Record<Permission, Record<Access, readonly StaffRole[]>>;

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && Object.hasOwn(RULES, value);
}

/** Whether someone holding `roles` may read (or change) what `permission` covers. */
export function may(roles: readonly StaffRole[], permission: Permission, access: Access = 'read'): boolean {
  const allowed = PERMISSION_TABLE[permission][access];
  return roles.some((role) => allowed.includes(role));
}

/** An HTTP method's access: reading for GET and HEAD, changing for the rest. */
export function accessOfMethod(method: string): Access {
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}

/**
 * The coarse role the API has always shown (`user`, `admin`, `superuser`), derived from the staff
 * roles: the superuser role makes a superuser, any other staff role an admin (one who may enter
 * the admin area), none a guest. Nothing stores it.
 */
export function coarseRole(roles: readonly StaffRole[]): 'user' | 'admin' | 'superuser' {
  if (roles.includes('superuser')) return 'superuser';
  return roles.length > 0 ? 'admin' : 'user';
}

/** The refusal of a caller whose roles do not hold a route's permission (403), in both languages. */
export const FORBIDDEN_DETAIL = {
  en: 'Insufficient rights to perform the operation',
  ru: 'Недостаточно прав для этого действия',
} as const;

/** Staff management's refusals (issue 49): in both languages, the English one the canonical. */
export const STAFF_MESSAGES = {
  unknownRole: { en: 'There is no such role', ru: 'Такой роли нет' },
  noRoles: { en: 'Choose at least one role', ru: 'Выберите хотя бы одну роль' },
  userNotFound: { en: 'No account with this e-mail address', ru: 'Учётной записи с таким адресом нет' },
  notActivated: {
    en: 'The user has not confirmed their e-mail address yet',
    ru: 'Пользователь ещё не подтвердил адрес электронной почты',
  },
  alreadyStaff: { en: 'This person is already on the staff: change their roles instead', ru: 'Этот человек уже в штате: измените его роли' },
  notStaff: { en: 'This person is not on the staff', ru: 'Этот человек не в штате' },
  self: { en: 'You cannot change your own roles', ru: 'Свои роли менять нельзя' },
  lastSuperuser: { en: 'The last superuser cannot lose the role', ru: 'Последний суперпользователь не может лишиться роли' },
  deactivated: { en: 'This account has been deactivated', ru: 'Эта учётная запись отключена' },
} as const;
export type StaffMessage = keyof typeof STAFF_MESSAGES;
