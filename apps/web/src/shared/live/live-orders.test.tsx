/**
 * A live stream the server refused (429, too many live pages) is opened again by the page, later
 * and later, never at once (issue 21, point 4); one that opens resets the wait.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_RECONNECT_MAX_SECONDS, LIVE_RECONNECT_SECONDS } from '@hotel/domain';
import { useLiveOrders } from './live-orders';

/** The browser's EventSource as far as the hook uses it: the test says when it opens or fails. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.made.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** What a browser does with a 429: the stream is failed for good. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useLiveOrders (issue 21, point 4)', () => {
  it('waits before it opens a refused stream again, longer after each refusal, and resyncs once it is back', () => {
    const onResync = vi.fn();
    const { unmount } = renderHook(() => useLiveOrders('orders/events/', { onOrder: () => {}, onResync }));
    expect(FakeEventSource.made).toHaveLength(1);

    let wait = LIVE_RECONNECT_SECONDS;
    for (let refusal = 0; refusal < 5; refusal += 1) {
      act(() => FakeEventSource.made.at(-1)!.refuse());
      act(() => vi.advanceTimersByTime(wait * 1000 - 1));
      expect(FakeEventSource.made).toHaveLength(refusal + 1);
      act(() => vi.advanceTimersByTime(1));
      expect(FakeEventSource.made).toHaveLength(refusal + 2);
      wait = Math.min(wait * 2, LIVE_RECONNECT_MAX_SECONDS);
    }
    act(() => FakeEventSource.made.at(-1)!.open());
    // What changed while it was refused is fetched again.
    expect(onResync).toHaveBeenCalledTimes(1);

    // A drop the browser retries by itself (still CONNECTING) is left to the browser.
    act(() => FakeEventSource.made.at(-1)!.dispatchEvent(new Event('error')));
    act(() => vi.advanceTimersByTime(LIVE_RECONNECT_MAX_SECONDS * 1000));
    expect(FakeEventSource.made).toHaveLength(6);
    unmount();
    expect(FakeEventSource.made.at(-1)!.readyState).toBe(FakeEventSource.CLOSED);
  });
});
