import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { ApiError } from '../../../shared/api/client';
import { leaveFor } from '../../../shared/api/leave-for';
import { createPayment, newAttemptKey } from '../../../shared/api/create-payment';
import { getPaymentStatus } from '../../../shared/api/get-payment-status';
import { useSettledStatus, type SettledOutcome } from '../../../shared/api/use-settled-status';
import { Button, Select, toast } from '../../../shared/ui';
import { usePaymentMethods } from '../api/get-payment-methods';
import { rememberOrderPayment } from '../lib/pending-order-payment';
import styles from './card-picker.module.css';
import { paths } from '../../../shared/paths';

/**
 * "Pay" for an order left unpaid (a declined card, an abandoned checkout): pays that same order with
 * a saved card, never a second one (docs/decisions/025-payments-hardening.md). A card that asks for
 * 3-D Secure sends the guest to confirm it and back to /account/orders, where the page asks about
 * the payment (useOrderPaymentReturn).
 */
export function PayOrder({ orderId }: { orderId: number }) {
  const { t } = useTranslation(['account', 'restaurant']);
  const queryClient = useQueryClient();
  const cards = usePaymentMethods();
  const saved = cards.data?.filter((card) => card.status === 'succeeded') ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const card = chosen ?? saved.find((c) => c.primary)?.payment_method_id ?? saved[0]?.payment_method_id ?? null;
  /** The payment being asked about while the provider has not settled it. */
  const [pending, setPending] = useState<string | null>(null);

  const done = async () => {
    setBusy(false);
    await queryClient.invalidateQueries({ queryKey: ['orders'] });
  };
  const announce = (outcome: SettledOutcome) => {
    if (outcome === 'succeeded') toast.success(t('restaurant:checkout.success'));
    else if (outcome === 'canceled') toast.error(t('restaurant:checkout.failed'));
  };
  useSettledStatus({
    key: pending === null ? null : ['payment', pending],
    ask: (signal) => getPaymentStatus(pending!, signal),
    onSettled: (outcome) => {
      setPending(null);
      announce(outcome);
      void done();
    },
  });

  async function pay() {
    if (!card || busy) return;
    setBusy(true);
    let following = false;
    try {
      const created = await createPayment({ order_id: orderId, payment_method_id: card, return_path: paths.account.orders }, newAttemptKey());
      if (created.confirmation_url) {
        rememberOrderPayment(created.payment_id);
        leaveFor(created.confirmation_url);
        return;
      }
      if (created.status === 'pending') {
        // Busy until the provider settles it; useSettledStatus says how it went.
        following = true;
        setPending(created.payment_id);
        return;
      }
      announce(created.status);
    } catch (error) {
      const declined = error instanceof ApiError && error.status === 409 && error.detail.startsWith('This card was declined');
      toast.error(t(declined ? 'restaurant:checkout.declinedPause' : 'restaurant:checkout.createError'));
    } finally {
      if (!following) await done();
    }
  }

  return (
    <div className={styles.picker} data-testid="pay-order">
      <Select
        label={t('restaurant:cart.card.label')}
        placeholder={saved.length ? t('restaurant:cart.card.placeholder') : t('restaurant:cart.card.none')}
        value={card ?? ''}
        onChange={(event) => setChosen(event.target.value || null)}
        options={saved.map((c) => ({ value: c.payment_method_id, label: t('restaurant:cart.card.option', { brand: c.brand.toUpperCase(), last4: c.card_last4 }) }))}
        disabled={busy}
        data-testid="pay-order-card"
      />
      <Button onClick={() => void pay()} loading={busy} disabled={!card} data-testid="pay-order-button">
        {t('account:orders.pay')}
      </Button>
    </div>
  );
}
