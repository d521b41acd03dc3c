/** Reads a Server-Sent Events stream with fetch, as a test client: events as they come, awaited by a condition. */

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Every event so far. */
  events: SseEvent[];
  /** Every `retry:` (reconnection delay, ms) the server sent so far. */
  retries: number[];
  /** The first event (seen already or to come) that passes `match`. */
  next(match: (event: SseEvent) => boolean): Promise<SseEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `url` as a browser's EventSource would, from a page of the same site. */
export async function openSse(url: string, headers: Record<string, string>): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', 'sec-fetch-site': 'same-origin', ...headers },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const waiting = new Set<{ match: (event: SseEvent) => boolean; resolve: (event: SseEvent) => void }>();
  const ended = (async () => {
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: 'message', data: '' };
          let isEvent = false;
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'id') event.id = value;
            if (field === 'event') event.event = value;
            if (field === 'retry') retries.push(Number(value));
            if (field === 'data') {
              event.data = value;
              isEvent = true;
            }
          }
          if (!isEvent) continue;
          events.push(event);
          for (const waiter of waiting) {
            if (waiter.match(event)) {
              waiting.delete(waiter);
              waiter.resolve(event);
            }
          }
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    retries,
    next(match) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiting.add({ match, resolve }));
    },
    ended,
    close: () => abort.abort(),
  };
}

/** `event: order` about this order in this status. */
export const orderEvent = (id: number, status?: string) => (event: SseEvent) =>
  event.event === 'order' && (JSON.parse(event.data) as { id: number }).id === id && (status === undefined || event.data.includes(`"${status}"`));
