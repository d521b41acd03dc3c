import { useCallback, useEffect } from 'react';
import { useTranslation } from '../../../shared/i18n';
import type { CardReturnPath } from '@hotel/domain';
import { Button, Select, Skeleton, toast } from '../../../shared/ui';
import { usePaymentMethods } from '../api/get-payment-methods';
import { useStartCard } from '../api/start-card';
import { useCardReturn } from '../hooks/use-card-return';
import styles from './card-picker.module.css';

interface CardPickerProps {
  label: string;
  value: string | null;
  onChange: (paymentMethodId: string | null) => void;
  /** The screen the provider's page sends the guest back to. */
  returnPath: CardReturnPath;
  disabled?: boolean;
}

/**
 * A saved card to choose (the primary one first), or a new one to add on the provider's page;
 * a card added and saved there is chosen on return.
 */
export function CardPicker({ label, value, onChange, returnPath, disabled }: CardPickerProps) {
  const { t } = useTranslation('account');
  const cards = usePaymentMethods();
  const start = useStartCard(returnPath);
  const { checking } = useCardReturn(useCallback((id: string) => onChange(id), [onChange]));

  useEffect(() => {
    if (!cards.data || checking) return;
    if (value !== null && cards.data.some((c) => c.payment_method_id === value)) return;
    const fallback = cards.data.find((c) => c.primary) ?? cards.data[0];
    onChange(fallback ? fallback.payment_method_id : null);
  }, [cards.data, value, onChange, checking]);

  return (
    <div className={styles.picker} data-testid="card-picker">
      {cards.data ? (
        <Select
          label={label}
          placeholder={cards.data.length ? t('account:payments.choose') : t('account:payments.empty')}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value || null)}
          options={cards.data.map((c) => ({
            value: c.payment_method_id,
            label: `${t('account:payments.card', { brand: c.brand.toUpperCase(), last4: c.card_last4 })}${c.primary ? ` · ${t('account:payments.primary')}` : ''}`,
          }))}
          disabled={disabled}
          data-testid="guarantee-card"
        />
      ) : (
        <Skeleton height={72} radius="md" />
      )}
      {checking ? (
        <p className={styles.checking} role="status">
          {t('account:payments.checking')}
        </p>
      ) : (
        <Button
          variant="clearly"
          size="sm"
          onClick={() => start.mutate(undefined, { onError: () => toast.error(t('account:payments.addError')) })}
          loading={start.isPending || start.isSuccess}
          disabled={disabled}
          data-testid="add-card"
        >
          + {t('account:payments.add')}
        </Button>
      )}
    </div>
  );
}
