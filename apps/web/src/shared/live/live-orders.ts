/**
 * Live orders (docs/decisions/019-live-updates.md): the orders stream, each event naming an order
 * and its status; the page refetches what changed (live-stream.ts keeps the stream open).
 */
import { orderEventSchema, type OrderEvent } from '@hotel/domain';
import { useLiveStream } from './live-stream';

export interface LiveOrderHandlers {
  /** An order was placed or changed status. */
  onOrder: (event: OrderEvent) => void;
  /** Refetch everything: the stream (re)opened or the server may have missed news. */
  onResync: () => void;
}

/** Follows `path` (admin/orders/events/ or orders/events/) while the component is mounted. */
export function useLiveOrders(path: string, handlers: LiveOrderHandlers, enabled = true) {
  useLiveStream(
    path,
    {
      events: {
        order: (data) => {
          const event = orderEventSchema.safeParse(data);
          if (event.success) handlers.onOrder(event.data);
        },
      },
      onResync: () => handlers.onResync(),
    },
    enabled,
  );
}
