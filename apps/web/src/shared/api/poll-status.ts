import { PAYMENT_POLL_MS, type PaymentStatus } from '@hotel/domain';

export type PollOutcome = Exclude<PaymentStatus, 'pending'> | 'lost';

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Asks about a payment or a card being added at once, then every 2 seconds while it is pending
 * (DEL-34, ACC-46), until it is settled. Three failed asks in a row give up ('lost'); aborting
 * stops quietly (the answer is then 'lost' too, and nobody hears it).
 */
export async function pollStatus(ask: (signal: AbortSignal) => Promise<{ status: PaymentStatus }>, signal: AbortSignal): Promise<PollOutcome> {
  let failures = 0;
  while (!signal.aborted) {
    try {
      const { status } = await ask(signal);
      failures = 0;
      if (status !== 'pending') return status;
    } catch {
      if (signal.aborted) break;
      failures += 1;
      if (failures >= 3) return 'lost';
    }
    await pause(PAYMENT_POLL_MS, signal);
  }
  return 'lost';
}
