/** The guest's orders follow their status live: the list refetches and a toast tells of the change. */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/ui';
import { useLiveOrders } from '../../../shared/live/live-orders';

export function useGuestLiveOrders() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('order-board');
  useLiveOrders('orders/events/', {
    onOrder: (event) => {
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      // The guest placed a new order themselves; a change of status is news.
      if (event.status === 'pending') return;
      toast.info(t('order-board:guest.changed', { id: event.id, status: t(`order-board:guest.status.${event.status}`) }));
    },
    onResync: () => void queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
