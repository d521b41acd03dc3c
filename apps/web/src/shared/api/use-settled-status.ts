import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { PAYMENT_POLL_MS, type PaymentStatus } from '@hotel/domain';

export type SettledOutcome = Exclude<PaymentStatus, 'pending'> | 'lost';

interface Tracked {
  /** What is asked about, e.g. ['payment', id]; null while there is nothing to follow. */
  key: readonly unknown[] | null;
  ask: (signal: AbortSignal) => Promise<{ status: PaymentStatus }>;
  /** Heard once, when the provider has settled it, or 'lost' after three failed asks in a row. */
  onSettled: (outcome: SettledOutcome) => void;
}

/**
 * Follows a payment or a card being added (DEL-34, ACC-46): asks at once, then every 2 seconds
 * while it is pending, through TanStack Query's refetchInterval. A failed ask is tried twice more
 * 2 seconds apart; three in a row give up ('lost': the network, or another account signed in).
 * The caller forgets the key in onSettled, which stops the asking.
 */
export function useSettledStatus({ key, ask, onSettled }: Tracked): void {
  const status = useQuery({
    queryKey: ['settled-status', ...(key ?? [])],
    queryFn: ({ signal }) => ask(signal),
    enabled: key !== null,
    refetchInterval: (query) => (query.state.status !== 'error' && isPending(query.state.data) ? PAYMENT_POLL_MS : false),
    retry: 2,
    retryDelay: PAYMENT_POLL_MS,
    // Every follow starts from a fresh ask: an answer kept from an earlier one would settle it at once.
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  const heard = useEffectEvent(onSettled);
  const outcome: SettledOutcome | null = key === null ? null : status.isError ? 'lost' : status.data && status.data.status !== 'pending' ? status.data.status : null;
  useEffect(() => {
    if (outcome) heard(outcome);
  }, [outcome]);
}

function isPending(answer: { status: PaymentStatus } | undefined): boolean {
  return answer === undefined || answer.status === 'pending';
}
