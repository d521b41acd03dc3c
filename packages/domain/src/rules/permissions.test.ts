import { describe, expect, it } from 'vitest';
import { coarseRole, may, PERMISSION_TABLE, PERMISSIONS } from './permissions';
import { STAFF_ROLES } from './staff-roles';

describe('the permission table (issue 49, point 1)', () => {
  it('the superuser holds every permission; only the superuser manages staff and reads the change log', () => {
    for (const permission of PERMISSIONS) expect(may(['superuser'], permission, 'write'), permission).toBe(true);
    for (const role of STAFF_ROLES.filter((r) => r !== 'superuser')) {
      expect(may([role], 'staff', 'read'), role).toBe(false);
      expect(may([role], 'change-log', 'read'), role).toBe(false);
    }
  });

  it('the manager holds everything else: what every other role may, and prices, rules, extras, promo codes, rooms, menu, content', () => {
    for (const permission of PERMISSIONS.filter((p) => p !== 'staff' && p !== 'change-log')) {
      expect(may(['manager'], permission, 'write'), permission).toBe(true);
    }
  });

  it('the kitchen: the order board, its settings and the menu’s availability; the menu read-only; nothing about money', () => {
    const changes = PERMISSIONS.filter((p) => may(['kitchen'], p, 'write'));
    expect(changes).toEqual(['orders.board', 'kitchen.settings', 'menu.availability']);
    expect(PERMISSIONS.filter((p) => may(['kitchen'], p, 'read'))).toEqual(['orders.board', 'kitchen.settings', 'menu.availability', 'menu']);
  });

  it('housekeeping: its own screen only', () => {
    expect(PERMISSIONS.filter((p) => may(['housekeeping'], p, 'read'))).toEqual(['housekeeping']);
  });

  it('reception: the desk, reservations, bills, calendars, tables, reviews', () => {
    expect(PERMISSIONS.filter((p) => may(['reception'], p, 'write'))).toEqual(['desk', 'reservations', 'bills', 'calendars', 'tables', 'reviews']);
  });

  it('the accountant changes money only (payments, refunds, reports, bills) and reads the rest but housekeeping, staff and the log', () => {
    expect(PERMISSIONS.filter((p) => may(['accountant'], p, 'write'))).toEqual(['bills', 'payments', 'refunds', 'reports']);
    expect(may(['accountant'], 'prices', 'read')).toBe(true);
    expect(may(['accountant'], 'prices', 'write')).toBe(false);
    expect(PERMISSIONS.filter((p) => !may(['accountant'], p, 'read'))).toEqual(['housekeeping', 'content', 'staff', 'change-log']);
  });

  it('several roles add up; no role, nothing; whoever may change may read', () => {
    expect(may(['kitchen', 'accountant'], 'payments', 'write')).toBe(true);
    expect(may([], 'orders.board', 'read')).toBe(false);
    for (const permission of PERMISSIONS) for (const role of PERMISSION_TABLE[permission].write) expect(PERMISSION_TABLE[permission].read).toContain(role);
  });

  it('the coarse role of the API: superuser, admin for any other staff role, user for none', () => {
    expect(coarseRole(['kitchen', 'superuser'])).toBe('superuser');
    expect(coarseRole(['housekeeping'])).toBe('admin');
    expect(coarseRole([])).toBe('user');
  });
});
