import { useMutation } from '@tanstack/react-query';
import type { CardReturnPath, PaymentMethodInitAnswer } from '@hotel/domain';
import { api } from '../../../shared/api/client';
import { leaveFor } from '../../../shared/api/leave-for';
import { rememberPendingCard } from '../lib/pending-card';

/** POST payments/methods/init/ (API-22): a pending card and the provider's page to type it on. */
export function startCard(returnPath: CardReturnPath) {
  return api<PaymentMethodInitAnswer>('payments/methods/init/', { method: 'POST', body: { return_path: returnPath } });
}

/** Adds a card: remembers its id, then leaves for the provider's page (ACC-45). */
export function useStartCard(returnPath: CardReturnPath) {
  return useMutation({
    mutationFn: () => startCard(returnPath),
    onSuccess: ({ payment_method_id, confirmation_url }) => {
      rememberPendingCard(payment_method_id);
      leaveFor(confirmation_url);
    },
  });
}
