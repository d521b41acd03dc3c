import { isActiveOrder, type Order } from '@hotel/domain';

/** Accepted and delivering under Active, delivered and cancelled under Completed (ACC-29, ACC-30); newest first. */
export function splitOrders(list: readonly Order[]) {
  const newest = [...list].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  return { active: newest.filter((o) => isActiveOrder(o.status)), completed: newest.filter((o) => !isActiveOrder(o.status)) };
}
