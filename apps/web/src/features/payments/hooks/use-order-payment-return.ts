import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { getPaymentStatus } from '../../../shared/api/get-payment-status';
import { useSettledStatus } from '../../../shared/api/use-settled-status';
import { toast } from '../../../shared/ui';
import { forgetOrderPayment, pendingOrderPayment } from '../lib/pending-order-payment';

/**
 * Back on /account/orders from the 3-D Secure page that "Pay" sent the guest to: asks about that
 * payment every 2 seconds until the provider has settled it, as the cart does with its own, then
 * says how it went and refreshes the orders. The account is never prerendered, so session storage
 * is read in the first render.
 */
export function useOrderPaymentReturn() {
  const { t } = useTranslation('restaurant');
  const queryClient = useQueryClient();
  const [paymentId, setPaymentId] = useState<string | null>(pendingOrderPayment);

  useSettledStatus({
    key: paymentId === null ? null : ['payment', paymentId],
    ask: (signal) => getPaymentStatus(paymentId!, signal),
    onSettled: (outcome) => {
      forgetOrderPayment();
      setPaymentId(null);
      if (outcome === 'succeeded') toast.success(t('restaurant:checkout.success'));
      else if (outcome === 'canceled') toast.error(t('restaurant:checkout.failed'));
      // 'lost' (the network, or another account signed in meanwhile): the list says where the order stands.
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });

  return { checking: paymentId !== null };
}
