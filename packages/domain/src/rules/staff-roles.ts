/**
 * The jobs a member of staff may hold. A person may hold several; what each may do is decided
 * where permissions are declared, from this one list.
 */
export const STAFF_ROLES = ['reception', 'kitchen', 'housekeeping', 'accountant', 'manager', 'superuser'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}
