/**
 * The kitchen's delivery settings on the order board (issue 24): how long "as soon as possible"
 * takes now, how many orders a 30-minute slot takes, the owner's minimum order and free-delivery
 * amount, and the delivery fee (issue 48, point 13). Guests' carts read them at once; orders already placed keep their slots.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DELIVERY_FEE_MAX_KOPECKS, LEAD_MINUTES_RANGE, SLOT_CAPACITY_RANGE, type KitchenSettings } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
import { Button, Input, Modal, toast } from '../../../shared/ui';
import { useKitchenSettings, useSaveKitchenSettings } from '../api/order-board';
import styles from './order-board.module.css';

const byn = (kopecks: number | null) => (kopecks === null ? '' : (kopecks / 100).toFixed(2));
/** "12,50" or "12.50" BYN in kopecks; empty: null; anything else: NaN, refused before it is sent. */
const kopecksOf = (text: string): number | null => {
  const clean = text.trim().replace(',', '.');
  if (clean === '') return null;
  return /^\d{1,6}(\.\d{1,2})?$/.test(clean) ? Math.round(Number(clean) * 100) : Number.NaN;
};

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
  const [lead, setLead] = useState(String(initial.lead_minutes));
  const [capacity, setCapacity] = useState(String(initial.slot_capacity));
  const [minimum, setMinimum] = useState(byn(initial.min_order || null));
  const [free, setFree] = useState(byn(initial.free_delivery_from));
  const [fee, setFee] = useState(byn(initial.delivery_fee));
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = { lead_minutes: Number(lead), slot_capacity: Number(capacity), min_order: kopecksOf(minimum) ?? 0, free_delivery_from: kopecksOf(free), delivery_fee: kopecksOf(fee) ?? 0 };
    const found: Record<string, string> = {};
    const whole = (value: number, range: { min: number; max: number }) => Number.isInteger(value) && value >= range.min && value <= range.max;
    if (!whole(body.lead_minutes, LEAD_MINUTES_RANGE)) found.lead = t('order-board:validation.leadMinutes');
    if (!whole(body.slot_capacity, SLOT_CAPACITY_RANGE)) found.capacity = t('order-board:validation.slotCapacity');
    if (Number.isNaN(body.min_order)) found.minimum = t('order-board:validation.amount');
    if (body.free_delivery_from !== null && Number.isNaN(body.free_delivery_from)) found.free = t('order-board:validation.amount');
    if (Number.isNaN(body.delivery_fee) || body.delivery_fee > DELIVERY_FEE_MAX_KOPECKS) found.fee = t('order-board:validation.deliveryFee');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(body, {
      onSuccess: () => {
        toast.success(t('order-board:settings.saved'));
        onDone();
      },
      onError: (error) => toast.error(error instanceof ApiError && error.status === 422 ? error.detail : t('order-board:failed')),
    });
  }

  return (
    <form id={id} className={styles.settingsForm} onSubmit={submit} noValidate data-testid="kitchen-settings-form">
      <Input label={t('order-board:settings.leadMinutes')} inputMode="numeric" value={lead} onChange={(e) => setLead(e.target.value)} error={errors.lead} />
      <Input label={t('order-board:settings.slotCapacity')} inputMode="numeric" value={capacity} onChange={(e) => setCapacity(e.target.value)} error={errors.capacity} />
      <Input
        label={t('order-board:settings.minOrder')}
        hint={t('order-board:settings.minOrderHint')}
        inputMode="decimal"
        value={minimum}
        onChange={(e) => setMinimum(e.target.value)}
        error={errors.minimum}
      />
      <Input
        label={t('order-board:settings.freeDelivery')}
        hint={t('order-board:settings.freeDeliveryHint')}
        inputMode="decimal"
        value={free}
        onChange={(e) => setFree(e.target.value)}
        error={errors.free}
      />
      <Input
        label={t('order-board:settings.deliveryFee')}
        hint={t('order-board:settings.deliveryFeeHint')}
        inputMode="decimal"
        value={fee}
        onChange={(e) => setFee(e.target.value)}
        error={errors.fee}
        data-testid="kitchen-delivery-fee"
      />
      <div className={styles.dialogActions}>
        <Button variant="outline" onClick={onDone}>
          {t('order-board:settings.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending} data-testid="kitchen-settings-save">
          {t('order-board:settings.save')}
        </Button>
      </div>
    </form>
  );
}
