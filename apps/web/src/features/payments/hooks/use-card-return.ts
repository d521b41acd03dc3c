import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useSettledStatus } from '../../../shared/api/use-settled-status';
import { toast } from '../../../shared/ui';
import { getCardStatus } from '../api/get-card-status';
import { paymentMethodsKey } from '../api/get-payment-methods';
import { forgetPendingCard, pendingCard } from '../lib/pending-card';

/**
 * Back from the provider's page: asks every 2 seconds about the card being added until the
 * provider has saved it (success toast, fresh list) or refused it (error toast), then forgets it
 * (ACC-46..48, ERR-30). `onSaved` hears the new card's id (the cart selects it). The screens that
 * add cards are never prerendered, so session storage is read in the first render.
 */
export function useCardReturn(onSaved?: (paymentMethodId: string) => void) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [cardId, setCardId] = useState<string | null>(pendingCard);

  useSettledStatus({
    key: cardId === null ? null : ['card', cardId],
    ask: (signal) => getCardStatus(cardId!, signal),
    onSettled: (outcome) => {
      forgetPendingCard();
      setCardId(null);
      if (outcome === 'succeeded') {
        toast.success(t('account:payments.added'));
        void queryClient.invalidateQueries({ queryKey: paymentMethodsKey });
        void queryClient.invalidateQueries({ queryKey: ['account'] });
        onSaved?.(cardId!);
      } else {
        toast.error(t(outcome === 'canceled' ? 'account:payments.addCancelled' : 'account:payments.addError'));
      }
    },
  });

  return { checking: cardId !== null };
}
