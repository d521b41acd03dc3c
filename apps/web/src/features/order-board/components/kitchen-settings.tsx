/**
 * The kitchen's delivery settings on the order board (issue 24): how long "as soon as possible"
 * takes now, how many orders a 30-minute slot takes, the owner's minimum order and free-delivery
 * amount, and the delivery fee (issue 48, point 13); whether guests may pay the courier, how, and up
 * to what total (issue 46, decision 059). Guests' carts read them at once; orders already placed keep their slots.
 */
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { z } from 'zod';
import { DELIVERY_FEE_MAX_KOPECKS, DOOR_CAP_MAX_KOPECKS, DOOR_METHODS, LEAD_MINUTES_RANGE, SLOT_CAPACITY_RANGE, type KitchenSettings } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
import { kopecksFromText, textFromKopecks } from '../../../shared/admin/price';
import { Form } from '../../../shared/forms/form';
import { Button, Input, Modal, toast } from '../../../shared/ui';
import { useKitchenSettings, useSaveKitchenSettings } from '../api/order-board';
import styles from './order-board.module.css';

const byn = (kopecks: number | null) => (kopecks === null ? '' : textFromKopecks(kopecks));
/** What was typed in kopecks (the admin prices' reading: "12,50" or "12.50"); empty: null; a negative amount or anything else: NaN, refused before it is sent. */
const kopecksOf = (text: string): number | null => {
  if (text.trim() === '') return null;
  const kopecks = kopecksFromText(text);
  return kopecks >= 0 ? kopecks : Number.NaN;
};

const whole = (text: string, range: { min: number; max: number }) => {
  const value = Number(text);
  return Number.isInteger(value) && value >= range.min && value <= range.max;
};
const amount = (text: string) => !Number.isNaN(kopecksOf(text));

/** The dialog's fields as typed (BYN with a comma or a point), and the settings they send. */
const settingsFormSchema = z
  .object({
    lead: z.string().refine((text) => whole(text, LEAD_MINUTES_RANGE), 'order-board:validation.leadMinutes'),
    capacity: z.string().refine((text) => whole(text, SLOT_CAPACITY_RANGE), 'order-board:validation.slotCapacity'),
    minimum: z.string().refine(amount, 'order-board:validation.amount'),
    free: z.string().refine(amount, 'order-board:validation.amount'),
    fee: z.string().refine((text) => amount(text) && (kopecksOf(text) ?? 0) <= DELIVERY_FEE_MAX_KOPECKS, 'order-board:validation.deliveryFee'),
    door: z.boolean(),
    cash: z.boolean(),
    terminal: z.boolean(),
    cap: z.string().refine((text) => {
      const kopecks = kopecksOf(text);
      return kopecks !== null && kopecks >= 1 && kopecks <= DOOR_CAP_MAX_KOPECKS;
    }, 'order-board:validation.doorCap'),
  })
  .refine((typed) => !typed.door || typed.cash || typed.terminal, { path: ['cash'], message: 'order-board:validation.doorMethods' })
  .transform((typed) => ({
    lead_minutes: Number(typed.lead),
    slot_capacity: Number(typed.capacity),
    min_order: kopecksOf(typed.minimum) ?? 0,
    free_delivery_from: kopecksOf(typed.free),
    delivery_fee: kopecksOf(typed.fee) ?? 0,
    door_payment: typed.door,
    door_methods: DOOR_METHODS.filter((method) => (method === 'cash' ? typed.cash : typed.terminal)),
    door_cap: kopecksOf(typed.cap) ?? 0,
  }));

export function KitchenSettingsButton() {
  const { t } = useTranslation('order-board');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="kitchen-settings">
        {t('order-board:settings.open')}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={t('order-board:settings.title')} description={t('order-board:settings.lead')} size="small">
        {open && <SettingsForm onDone={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

function SettingsForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('order-board');
  const settings = useKitchenSettings();
  if (settings.isPending) return <p role="status">{t('order-board:loading')}</p>;
  if (settings.isError) {
    return (
      <p role="alert">
        {t('order-board:error')}{' '}
        <Button size="sm" variant="clearly" onClick={() => void settings.refetch()}>
          {t('order-board:retry')}
        </Button>
      </p>
    );
  }
  return <Fields initial={settings.data} onDone={onDone} />;
}

function Fields({ initial, onDone }: { initial: KitchenSettings; onDone: () => void }) {
  const { t } = useTranslation('order-board');
  const save = useSaveKitchenSettings();
  const id = useId();
  const defaultValues = {
    lead: String(initial.lead_minutes),
    capacity: String(initial.slot_capacity),
    minimum: byn(initial.min_order || null),
    free: byn(initial.free_delivery_from),
    fee: byn(initial.delivery_fee),
    door: initial.door_payment,
    cash: initial.door_methods.includes('cash'),
    terminal: initial.door_methods.includes('card_terminal'),
    cap: byn(initial.door_cap),
  };

  function submit(body: z.output<typeof settingsFormSchema>) {
    save.mutate(body, {
      onSuccess: () => {
        toast.success(t('order-board:settings.saved'));
        onDone();
      },
      onError: (error) => toast.error(error instanceof ApiError && error.status === 422 ? error.detail : t('order-board:failed')),
    });
  }

  return (
    <Form id={id} schema={settingsFormSchema} options={{ defaultValues }} onSubmit={submit} className={styles.settingsForm} data-testid="kitchen-settings-form">
      {(form, error) => (
        <>
          <Input label={t('order-board:settings.leadMinutes')} inputMode="numeric" error={error('lead')} {...form.register('lead')} />
          <Input label={t('order-board:settings.slotCapacity')} inputMode="numeric" error={error('capacity')} {...form.register('capacity')} />
          <Input
            label={t('order-board:settings.minOrder')}
            hint={t('order-board:settings.minOrderHint')}
            inputMode="decimal"
            error={error('minimum')}
            {...form.register('minimum')}
          />
          <Input
            label={t('order-board:settings.freeDelivery')}
            hint={t('order-board:settings.freeDeliveryHint')}
            inputMode="decimal"
            error={error('free')}
            {...form.register('free')}
          />
          <Input
            label={t('order-board:settings.deliveryFee')}
            hint={t('order-board:settings.deliveryFeeHint')}
            inputMode="decimal"
            error={error('fee')}
            data-testid="kitchen-delivery-fee"
            {...form.register('fee')}
          />
          <fieldset className={styles.doorMethods} data-testid="kitchen-door">
            <legend>{t('order-board:settings.door.title')}</legend>
            <label className={styles.check}>
              <input type="checkbox" data-testid="kitchen-door-allow" {...form.register('door')} />
              {t('order-board:settings.door.allow')}
            </label>
            <label className={styles.check}>
              <input type="checkbox" data-testid="kitchen-door-cash" {...form.register('cash')} />
              {t('order-board:door.methods.cash')}
            </label>
            <label className={styles.check}>
              <input type="checkbox" data-testid="kitchen-door-terminal" {...form.register('terminal')} />
              {t('order-board:door.methods.card_terminal')}
            </label>
            {error('cash') && (
              <p role="alert" className={styles.doorProblem}>
                {error('cash')}
              </p>
            )}
          </fieldset>
          <Input
            label={t('order-board:settings.door.cap')}
            hint={t('order-board:settings.door.capHint')}
            inputMode="decimal"
            error={error('cap')}
            data-testid="kitchen-door-cap"
            {...form.register('cap')}
          />
          <div className={styles.dialogActions}>
            <Button variant="outline" onClick={onDone}>
              {t('order-board:settings.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="kitchen-settings-save">
              {t('order-board:settings.save')}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
