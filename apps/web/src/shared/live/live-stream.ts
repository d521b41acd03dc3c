/**
 * A live page's stream (docs/decisions/019-live-updates.md): an EventSource on one of the server's
 * streams, each named event handed to its handler, and `onResync` when the page may have missed
 * news. When the stream (re)opens, or the server says `resync`, everything is refetched: a dropped
 * connection catches up on what it missed. The browser reconnects by itself after a drop; a stream
 * the server refused (429: too many live pages, with Retry-After) or answered with another error is
 * closed for good by the browser, so the page opens it again itself after LIVE_RECONNECT_SECONDS,
 * twice as long after each refusal up to LIVE_RECONNECT_MAX_SECONDS, never sooner than the server asked.
 */
import { useEffect, useRef } from 'react';
import { LIVE_RECONNECT_MAX_SECONDS, LIVE_RECONNECT_SECONDS } from '@hotel/domain';
import { apiUrl } from '../api/client';

export interface LiveStreamHandlers {
  /** Each named event's data, parsed from JSON; a handler ignores what it does not understand. */
  events: Record<string, (data: unknown) => void>;
  /** Refetch everything: the stream (re)opened or the server may have missed news. */
  onResync: () => void;
}

/** Follows `path` while the component is mounted (and `enabled`). */
export function useLiveStream(path: string, handlers: LiveStreamHandlers, enabled = true) {
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
      for (const name of Object.keys(latest.current.events)) {
        current.addEventListener(name, (message) => {
          try {
            latest.current.events[name]?.(JSON.parse((message as MessageEvent<string>).data));
          } catch {
            // Not an event of ours: ignored.
          }
        });
      }
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [path, enabled]);
}
