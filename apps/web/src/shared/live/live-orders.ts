/**
 * Live orders (docs/decisions/019-live-updates.md): an EventSource on the server's stream; each
 * event names an order and its status, and the page refetches what changed. When the stream
 * (re)opens, or the server says `resync`, everything is refetched: a dropped connection catches up
 * on what it missed. The browser reconnects by itself after a drop; a stream the server refused
 * (429: too many live pages, with Retry-After) or answered with another error is closed for good by
 * the browser, so the page opens it again itself after LIVE_RECONNECT_SECONDS, twice as long after
 * each refusal up to LIVE_RECONNECT_MAX_SECONDS, never sooner than the server asked.
 */
import { useEffect, useRef } from 'react';
import { LIVE_RECONNECT_MAX_SECONDS, LIVE_RECONNECT_SECONDS, orderEventSchema, type OrderEvent } from '@hotel/domain';
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
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let waitSeconds = LIVE_RECONNECT_SECONDS;
    let opened = false;
    const connect = () => {
      const current = new EventSource(apiUrl(path));
      source = current;
      current.addEventListener('open', () => {
        waitSeconds = LIVE_RECONNECT_SECONDS;
        // The first open follows the page's own fetch; a later one, or one after refusals, may have missed news.
        if (opened) latest.current.onResync();
        opened = true;
      });
      current.addEventListener('error', () => {
        // CONNECTING: the browser retries by itself. CLOSED: refused; only a new EventSource tries again.
        if (current.readyState !== EventSource.CLOSED) return;
        // Whatever happened meanwhile was missed: the next open refetches.
        opened = true;
        retry = setTimeout(connect, waitSeconds * 1000);
        waitSeconds = Math.min(waitSeconds * 2, LIVE_RECONNECT_MAX_SECONDS);
      });
      current.addEventListener('resync', () => latest.current.onResync());
      current.addEventListener('order', (message) => {
        try {
          const event = orderEventSchema.safeParse(JSON.parse((message as MessageEvent<string>).data));
          if (event.success) latest.current.onOrder(event.data);
        } catch {
          // Not an event of ours: ignored.
        }
      });
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [path, enabled]);
}
