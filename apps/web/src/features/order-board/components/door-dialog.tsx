/**
 * The courier's step "delivered" of an order paid at the door (issue 46, decision 059): how the
 * guest paid (cash or the card terminal; the guest's choice first) and how much was taken (the
 * order's total unless a reason says why not). The order is delivered and its money recorded in one
 * request, once; a refusal is shown in the board's language.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOOR_METHODS, DOOR_REASON_MAX, type DoorMethod, type StaffOrder } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
import { formatMoney } from '../../../shared/format/money';
import { Button, Input, Modal, TextArea, toast } from '../../../shared/ui';
import { useNextStep } from '../api/order-board';
import styles from './order-board.module.css';

/** "12,50" or "12.50" BYN in kopecks; anything else: NaN. */
const kopecksOf = (text: string): number => {
  const clean = text.trim().replace(',', '.');
  return /^\d{1,6}(\.\d{1,2})?$/.test(clean) ? Math.round(Number(clean) * 100) : Number.NaN;
};

interface DoorDialogProps {
  order: StaffOrder;
  open: boolean;
  onClose: () => void;
}

export function DoorDialog({ order, open, onClose }: DoorDialogProps) {
  const { t, i18n } = useTranslation(['order-board', 'common']);
  const language = i18n.language === 'en' ? 'en' : 'ru';
  const step = useNextStep();
  const formId = useId();
  const [method, setMethod] = useState<DoorMethod>(order.pay_at_door?.method ?? 'cash');
  const [amount, setAmount] = useState(() => {
    const text = (order.total / 100).toFixed(2);
    return language === 'ru' ? text.replace('.', ',') : text;
  });
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const taken = kopecksOf(amount);
  const differs = !Number.isNaN(taken) && taken !== order.total;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (Number.isNaN(taken) || taken <= 0) return setProblem(t('order-board:door.amountInvalid'));
    if (differs && reason.trim() === '') return setProblem(t('order-board:door.reasonRequired'));
    setProblem(null);
    step.mutate(
      { id: order.id, from: order.status, door: { method, amount: taken, ...(differs ? { reason: reason.trim() } : {}) } },
      {
        onSuccess: () => {
          toast.success(t('order-board:door.settled', { id: order.id }));
          onClose();
        },
        onError: (error) => {
          const body = error instanceof ApiError ? (error.body as { detail_ru?: string } | undefined) : undefined;
          setProblem(error instanceof ApiError ? ((language === 'ru' ? body?.detail_ru : undefined) ?? error.detail) : t('order-board:failed'));
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('order-board:door.title', { id: order.id })}
      description={t('order-board:door.lead', { total: formatMoney(order.total, language, t('common:currency')) })}
      size="small"
      footer={
        <div className={styles.dialogActions}>
          <Button variant="outline" onClick={onClose}>
            {t('order-board:settings.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={step.isPending} data-testid="door-confirm">
            {t('order-board:door.confirm')}
          </Button>
        </div>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className={styles.settingsForm} data-testid="door-form">
        <fieldset className={styles.doorMethods}>
          <legend>{t('order-board:door.method')}</legend>
          {DOOR_METHODS.map((way) => (
            <label key={way} className={styles.check}>
              <input type="radio" name="door-method" value={way} checked={method === way} onChange={() => setMethod(way)} data-testid={`door-method-${way}`} />
              {t(`order-board:door.methods.${way}`)}
            </label>
          ))}
        </fieldset>
        <Input label={t('order-board:door.amount')} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} data-testid="door-amount" />
        {differs && (
          <TextArea
            label={t('order-board:door.reason')}
            maxLength={DOOR_REASON_MAX}
            rows={2}
            aria-required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            data-testid="door-reason"
          />
        )}
        {problem && (
          <p role="alert" className={styles.doorProblem}>
            {problem}
          </p>
        )}
      </form>
    </Modal>
  );
}
