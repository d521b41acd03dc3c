import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { z } from 'zod';
import { nonRefundablePercentSchema, textIn, TEXT_MAX, roomPriceSchema, textParts, type AdminRoom, type RoomPatch } from '@hotel/domain';
import { serverDetail } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Form, type FormMethods } from '../../../shared/forms/form';
import { Input, Modal, Spinner, toast } from '../../../shared/ui';
import { useConveniences } from '../api/conveniences';
import { useAdminRooms, useUpdateRoom } from '../api/rooms';
import { kopecksFromText, stripLeadingZero, textFromKopecks } from '../../../shared/admin/price';
import { BilingualFields } from '../../../shared/admin/bilingual-fields';
import { FormFooter } from '../../../shared/admin/form-footer';
import { RoomCalendars } from './room-calendars';
import { RoomPhotos } from './room-photos';
import styles from '../../../shared/admin/admin.module.css';

const nameParts = textParts(TEXT_MAX.name);
const descriptionParts = textParts(TEXT_MAX.description);

/** The dialog's fields as typed; prices are roubles, checked as kopecks by the domain's rules (ADM-15, ADM-16). */
const roomFormSchema = z.object({
  price: z.string().transform(kopecksFromText).pipe(roomPriceSchema),
  extra_price: z
    .string()
    .transform((text) => (text.trim() === '' ? null : kopecksFromText(text)))
    .pipe(roomPriceSchema.nullable()),
  convenience_ids: z.array(z.string()),
  /** The non-refundable rate's discount in whole percent, typed; 0 or empty offers none (issue 23.3). */
  non_refundable_percent: z
    .string()
    .transform((text) => (text.trim() === '' ? 0 : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN))
    .pipe(nonRefundablePercentSchema),
  name: z.object(nameParts),
  description: z.object(descriptionParts),
});
type RoomFormValues = z.input<typeof roomFormSchema>;

function initialValues(room: AdminRoom): RoomFormValues {
  return {
    price: textFromKopecks(room.price),
    extra_price: textFromKopecks(room.extra_price),
    convenience_ids: room.conveniences.map((c) => String(c.id)),
    non_refundable_percent: String(room.non_refundable_percent),
    name: room.name,
    description: room.description,
  };
}

interface RoomDialogProps {
  roomId: number | null;
  onClose: () => void;
}

/** A room's edit dialog (ADM-14..19): prices, the non-refundable rate's discount, amenities, texts in both languages, photos, calendars shared with booking sites. */
export function RoomDialog({ roomId, onClose }: RoomDialogProps) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const rooms = useAdminRooms();
  const room = rooms.data?.find((r) => r.id === roomId);
  const [shownId, setShownId] = useState<number | null>(null);
  // Keeps the last room while the dialog plays its closing animation.
  if (roomId !== null && roomId !== shownId) setShownId(roomId);
  const current = room ?? rooms.data?.find((r) => r.id === shownId);

  return (
    <Modal
      open={roomId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={current ? t('admin:rooms.editTitle', { name: textIn(current.name, language) }) : t('admin:rooms.edit')}
      size="large"
    >
      {current ? <RoomForm key={current.id} room={current} open={roomId !== null} onDone={onClose} /> : <Spinner />}
    </Modal>
  );
}

type RoomFormMethods = FormMethods<typeof roomFormSchema>;

const priceField = (form: RoomFormMethods, name: 'price' | 'extra_price') =>
  form.register(name, { onChange: (event: { target: HTMLInputElement }) => form.setValue(name, stripLeadingZero(event.target.value)) });

/** A photo added or removed elsewhere in the dialog must not reset what is being typed. */
function FollowRoom({ form, room }: { form: RoomFormMethods; room: AdminRoom }) {
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(initialValues(room));
  }, [room, form]);
  return null;
}

function RoomForm({ room, open, onDone }: { room: AdminRoom; open: boolean; onDone: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const { language } = useLanguage();
  const conveniences = useConveniences();
  const update = useUpdateRoom();
  const hasExtraPlaces = room.extra_capacity > 0;

  const onSubmit = async (values: z.output<typeof roomFormSchema>) => {
    const patch: RoomPatch = {
      price: values.price,
      convenience_ids: values.convenience_ids.map(Number),
      non_refundable_percent: values.non_refundable_percent,
      name: values.name,
      description: values.description,
      ...(hasExtraPlaces ? { extra_price: values.extra_price } : {}),
    };
    try {
      await update.mutateAsync({ id: room.id, patch });
      toast.success(t('admin:saved'));
      onDone();
    } catch (error) {
      toast.error(serverDetail(error) ?? t('admin:saveError'));
    }
  };

  return (
    <div className={styles.form}>
      <Form schema={roomFormSchema} options={{ defaultValues: initialValues(room) }} className={styles.form} onSubmit={onSubmit} data-testid="room-form">
        {(form, error) => {
          const { errors, isSubmitting } = form.formState;
          return (
            <>
              <FollowRoom form={form} room={room} />
              <div className={styles.pair}>
                <Input label={t('admin:rooms.price')} inputMode="decimal" required error={error('price')} {...priceField(form, 'price')} />
                {hasExtraPlaces && (
                  <Input label={t('admin:rooms.extraPrice')} inputMode="decimal" hint={t('admin:rooms.extraHint')} error={error('extra_price')} {...priceField(form, 'extra_price')} />
                )}
              </div>
              <Input
                label={t('admin:rooms.nonRefundable')}
                inputMode="numeric"
                hint={t('admin:rooms.nonRefundableHint')}
                error={error('non_refundable_percent')}
                data-testid="room-non-refundable"
                {...form.register('non_refundable_percent')}
              />
              <fieldset className={styles.fieldset}>
                <legend className={styles.legend}>{t('admin:rooms.amenities')}</legend>
                {conveniences.data && conveniences.data.length === 0 && <p className={styles.hint}>{t('admin:amenities.empty')}</p>}
                {conveniences.data && conveniences.data.length > 0 && (
                  <div className={styles.checks}>
                    {conveniences.data.map((c) => (
                      <label key={c.id} className={styles.check}>
                        <input type="checkbox" value={String(c.id)} {...form.register('convenience_ids')} />
                        <span>{textIn(c.description, language)}</span>
                      </label>
                    ))}
                  </div>
                )}
                {conveniences.isPending && <Spinner size="sm" />}
              </fieldset>
              <BilingualFields label={t('admin:rooms.name')} ru={form.register('name.ru')} en={form.register('name.en')} errors={errors.name} />
              <BilingualFields label={t('admin:rooms.description')} ru={form.register('description.ru')} en={form.register('description.en')} errors={errors.description} multiline />
              <FormFooter editing saving={isSubmitting} onCancel={onDone} />
            </>
          );
        }}
      </Form>
      <RoomPhotos room={room} />
      <RoomCalendars roomId={room.id} active={open} />
    </div>
  );
}
