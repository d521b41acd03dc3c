/**
 * Live orders (docs/decisions/019-live-updates.md): an EventSource on the server's stream; each
 * event names an order and its status, and the page refetches what changed. When the stream
 * (re)opens, or the server says `resync`, everything is refetched: a dropped connection catches up
 * on what it missed. The browser reconnects by itself after a drop.
 */
import { useEffect, useRef } from 'react';
import { orderEventSchema, type OrderEvent } from '@hotel/domain';
import { apiUrl } from '../api/client';

export interface LiveOrderHandlers {
  /** An order was placed or changed status. */
  onOrder: (event: OrderEvent) => void;
  /** Refetch everything: the stream (re)opened or the server may have missed news. */
  onResync: () => void;
}

/** Follows `path` (admin/orders/events/ or orders/events/) while the component is mounted. */
export function useLiveOrders(path: string, handlers: LiveOrderHandlers, enabled = true) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(apiUrl(path));
    let opened = false;
    source.addEventListener('open', () => {
      // The first open follows the page's own fetch; a later one is a reconnect that may have missed news.
      if (opened) latest.current.onResync();
      opened = true;
    });
    source.addEventListener('resync', () => latest.current.onResync());
    source.addEventListener('order', (message) => {
      try {
        const event = orderEventSchema.safeParse(JSON.parse((message as MessageEvent<string>).data));
        if (event.success) latest.current.onOrder(event.data);
      } catch {
        // Not an event of ours: ignored.
      }
    });
    return () => source.close();
  }, [path, enabled]);
}
