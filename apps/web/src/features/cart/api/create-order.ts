import type { OrderCreate } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/** POST orders/ (API-37, DEL-32): the server prices the order and answers its id. */
export function createOrder(body: OrderCreate) {
  return api<{ id: number }>('orders/', { method: 'POST', body });
}
