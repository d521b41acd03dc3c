/**
 * The promo code field of the booking's payment step and of the cart (issue 23, point 4): the
 * guest types a code (any case) and applies it; the server prices it (POST promo/check/) and the
 * summary shows the discount; Remove takes it off. When the amount changes the code is priced
 * again; a code refused is said in the guest's words. The booking or the order prices it once more.
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { z } from 'zod';
import type { PromoTarget } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
import { Form, type FormMethods } from '../../../shared/forms/form';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Input } from '../../../shared/ui';
import { checkPromo, promoRefusalOf } from '../api/promo';
import styles from './promo-code-field.module.css';

export interface AppliedPromo {
  code: string;
  discount: number;
}

interface PromoCodeFieldProps {
  scope: PromoTarget;
  /** What the code takes its discount from: the stay's nights, or the dishes. */
  amount: number;
  stay?: { arrival: string; departure: string } | undefined;
  applied: AppliedPromo | null;
  onChange: (applied: AppliedPromo | null) => void;
  disabled?: boolean | undefined;
}

/** Checks are limited per account and address, and only an activated account may check (decision 043). */
const OTHER_ANSWERS: Record<number, 'promo:too_many' | 'promo:needs_activation'> = { 429: 'promo:too_many', 403: 'promo:needs_activation' };

/** A refusal in the guest's words (the field has loaded its texts by the time one comes). */
export function usePromoRefusalText() {
  const { t } = useTranslation(['promo', 'common'], { useSuspense: false });
  const { language } = useLanguage();
  return (error: unknown): string => {
    const refusal = promoRefusalOf(error);
    if (!refusal) return t(OTHER_ANSWERS[error instanceof ApiError ? error.status : 0] ?? 'promo:error');
    return t(`promo:refused.${refusal.reason}`, { min: formatMoney(refusal.minAmount ?? 0, language, t('common:currency')) });
  };
}

/** The code as typed: any case, spaces around it dropped; the server says whether it may be used. */
const promoFieldSchema = z.object({ code: z.string().trim().min(1, 'promo:empty') });

/** The field waits for its own texts (a namespace of its own, decision 043), never the page around it. */
export function PromoCodeField(props: PromoCodeFieldProps) {
  return (
    <Suspense fallback={null}>
      <Field {...props} />
    </Suspense>
  );
}

function Field({ scope, amount, stay, applied, onChange, disabled }: PromoCodeFieldProps) {
  const { t } = useTranslation(['promo', 'common']);
  const { language } = useLanguage();
  const refusalText = usePromoRefusalText();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const arrival = stay?.arrival;
  const departure = stay?.departure;

  const price = async (code: string) => {
    setBusy(true);
    try {
      const answer = await checkPromo({ code, scope, amount, ...(arrival && departure ? { arrival, departure } : {}) });
      setError(null);
      onChange(answer);
      return true;
    } catch (failure) {
      setError(refusalText(failure));
      onChange(null);
      return false;
    } finally {
      setBusy(false);
    }
  };

  // Another amount (a dish more, the price changed): the code is priced again for it.
  const pricedFor = useRef(amount);
  useEffect(() => {
    if (!applied || pricedFor.current === amount) return;
    pricedFor.current = amount;
    void price(applied.code);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new amount prices again
  }, [amount, applied?.code]);

  const apply = async ({ code }: z.output<typeof promoFieldSchema>, form: FormMethods<typeof promoFieldSchema>) => {
    pricedFor.current = amount;
    if (await price(code)) form.reset({ code: '' });
  };

  if (applied) {
    return (
      <div className={styles.applied} data-testid="promo-applied">
        <p>
          {t('promo:applied', { code: applied.code })} <strong>−{formatMoney(applied.discount, language, t('common:currency'))}</strong>
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || busy}
          onClick={() => {
            setError(null);
            onChange(null);
          }}
          data-testid="promo-remove"
        >
          {t('promo:remove')}
        </Button>
      </div>
    );
  }

  return (
    <Form schema={promoFieldSchema} options={{ defaultValues: { code: '' } }} onSubmit={apply} className={styles.field} data-testid="promo-form">
      {(form, fieldError) => (
        <>
          <Input
            label={t('promo:label')}
            variant="upper"
            maxLength={32}
            autoComplete="off"
            error={fieldError('code') ?? error ?? undefined}
            disabled={disabled}
            containerClassName={styles.input}
            data-testid="promo-input"
            {...form.register('code')}
          />
          <Button type="submit" variant="outline" loading={busy} disabled={disabled} className={styles.button} data-testid="promo-apply">
            {t('promo:apply')}
          </Button>
        </>
      )}
    </Form>
  );
}
