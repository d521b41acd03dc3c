import type { Order, OrderUpdate } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/** PUT orders/{id}/ (API-36): the address and comment of an order not yet paid. */
export function updateOrder(id: number, body: OrderUpdate) {
  return api<Order>(`orders/${id}/`, { method: 'PUT', body });
}
