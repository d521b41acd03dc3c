/**
 * The courier's step "delivered" of an order paid at the door (issue 46, decision 059): how the
 * guest paid (cash or the card terminal; the guest's choice first) and how much was taken (the
 * order's total unless a reason says why not). The order is delivered and its money recorded in one
 * request, once; a refusal is shown in the board's language.
 */
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { DOOR_METHODS, DOOR_REASON_MAX, doorSettlementSchema, type DoorMethod, type StaffOrder } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
import { kopecksFromText } from '../../../shared/admin/price';
import { Form, firstErrorMessage, requestSchema } from '../../../shared/forms/form';
import { formatMoney } from '../../../shared/format/money';
import { Button, Input, Modal, TextArea, toast } from '../../../shared/ui';
import { useNextStep } from '../api/order-board';
import styles from './order-board.module.css';

interface DoorDialogProps {
  order: StaffOrder;
  open: boolean;
  onClose: () => void;
}

interface DoorFields {
  method: DoorMethod;
  /** As typed: "18", "18,50" or "18.50" BYN. */
  amount: string;
  reason: string;
}

/**
 * The domain's settlement schema judges what was typed; the reason the server asks for when the
 * amount is not the order's total is asked for here too, before anything is sent.
 */
const settlementOf = (total: number) =>
  requestSchema(doorSettlementSchema, (values: DoorFields) => {
    const amount = kopecksFromText(values.amount);
    const reason = values.reason.trim();
    return { method: values.method, amount, ...(amount !== total && reason !== '' ? { reason } : {}) };
  }).superRefine((settlement, ctx) => {
    if (settlement.amount !== total && settlement.reason === undefined) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'order-board:door.reasonRequired' });
  });

export function DoorDialog({ order, open, onClose }: DoorDialogProps) {
  const { t, i18n } = useTranslation(['order-board', 'common']);
  const language = i18n.language === 'en' ? 'en' : 'ru';
  const step = useNextStep();
  const formId = useId();
  const schema = useMemo(() => settlementOf(order.total), [order.total]);
  const [problem, setProblem] = useState<string | null>(null);
  const startAmount = (() => {
    const text = (order.total / 100).toFixed(2);
    return language === 'ru' ? text.replace('.', ',') : text;
  })();

  const submit = (door: { method: DoorMethod; amount: number; reason?: string | undefined }) => {
    setProblem(null);
    step.mutate(
      { id: order.id, from: order.status, door: { method: door.method, amount: door.amount, ...(door.reason ? { reason: door.reason } : {}) } },
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
      <Form
        id={formId}
        schema={schema}
        options={{ defaultValues: { method: order.pay_at_door?.method ?? 'cash', amount: startAmount, reason: '' } }}
        onSubmit={submit}
        onInvalid={(errors) => setProblem(t(firstErrorMessage(errors) ?? 'order-board:door.amountInvalid'))}
        className={styles.settingsForm}
        data-testid="door-form"
      >
        {(form) => {
          const taken = kopecksFromText(form.watch('amount'));
          const differs = !Number.isNaN(taken) && taken !== order.total;
          return (
            <>
              <fieldset className={styles.doorMethods}>
                <legend>{t('order-board:door.method')}</legend>
                {DOOR_METHODS.map((way) => (
                  <label key={way} className={styles.check}>
                    <input type="radio" value={way} {...form.register('method')} data-testid={`door-method-${way}`} />
                    {t(`order-board:door.methods.${way}`)}
                  </label>
                ))}
              </fieldset>
              <Input label={t('order-board:door.amount')} inputMode="decimal" {...form.register('amount')} data-testid="door-amount" />
              {differs && <TextArea label={t('order-board:door.reason')} maxLength={DOOR_REASON_MAX} rows={2} aria-required {...form.register('reason')} data-testid="door-reason" />}
              {problem && (
                <p role="alert" className={styles.doorProblem}>
                  {problem}
                </p>
              )}
            </>
          );
        }}
      </Form>
    </Modal>
  );
}
