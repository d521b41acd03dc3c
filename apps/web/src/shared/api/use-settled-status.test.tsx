import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_POLL_MS, type PaymentStatus } from '@hotel/domain';
import { useSettledStatus, type SettledOutcome } from './use-settled-status';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function follow(answers: (PaymentStatus | Error)[]) {
  const asked: number[] = [];
  const heard: SettledOutcome[] = [];
  const ask = () => {
    asked.push(Date.now());
    const next = answers.shift() ?? 'pending';
    return next instanceof Error ? Promise.reject(next) : Promise.resolve({ status: next });
  };
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  renderHook(() => useSettledStatus({ key: ['payment', 'p-1'], ask, onSettled: (outcome) => heard.push(outcome) }), { wrapper });
  return { asked, heard };
}

describe('useSettledStatus (DEL-34, ACC-46)', () => {
  it('asks at once and every 2 seconds while pending, and is heard once when settled', async () => {
    const { asked, heard } = follow(['pending', 'pending', 'succeeded']);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(asked).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 3));
    expect(asked).toHaveLength(3);
    expect(asked[1]! - asked[0]!).toBe(PAYMENT_POLL_MS);
    expect(heard).toEqual(['succeeded']);
  });

  it("gives up after three failed asks in a row ('lost'), a success in between starting the count again", async () => {
    const { asked, heard } = follow([new Error('down'), 'pending', new Error('down'), new Error('down'), new Error('down')]);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 10));
    expect(asked).toHaveLength(5);
    expect(heard).toEqual(['lost']);
  });
});
