import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { z } from 'zod';
import { EXTRA_COUNTS, EXTRA_SORT_MAX, productPriceSchema, textIn, textParts, TEXT_MAX, type AdminExtra, type AdminRoom, type ExtraUpdate } from '@hotel/domain';
import { serverDetail } from '../../../shared/api/client';
import { BilingualFields } from '../../../shared/admin/bilingual-fields';
import { FormFooter } from '../../../shared/admin/form-footer';
import { ImageField, imageFileProblem } from '../../../shared/admin/image-field';
import { kopecksFromText, stripLeadingZero, textFromKopecks } from '../../../shared/admin/price';
import { Form } from '../../../shared/forms/form';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Input, Select, toast } from '../../../shared/ui';
import { useSaveExtra } from '../api/extras';
import styles from '../../../shared/admin/admin.module.css';

const extraFormSchema = z
  .object({
    name: z.object(textParts(TEXT_MAX.name)),
    description: z.object({ ru: textParts(TEXT_MAX.description).en, en: textParts(TEXT_MAX.description).en }),
    price: z.string().transform(kopecksFromText).pipe(productPriceSchema),
    counts: z.enum(EXTRA_COUNTS, 'common:validation.required'),
    sort_order: z
      .string()
      .regex(/^\d{1,5}$/, 'common:validation.invalid')
      .transform(Number)
      .pipe(z.number().max(EXTRA_SORT_MAX, 'common:validation.invalid')),
    active: z.boolean(),
    every_room: z.boolean(),
    room_ids: z.array(z.string()),
  })
  .refine((values) => values.every_room || values.room_ids.length > 0, { path: ['room_ids'], message: 'admin:extras.validation.noRooms' });
type ExtraFormInput = z.input<typeof extraFormSchema>;
type ExtraFormOutput = z.output<typeof extraFormSchema>;

const roomIdsOf = (values: ExtraFormOutput) => (values.every_room ? null : values.room_ids.map(Number).sort((a, b) => a - b));
const sameText = (a: { ru: string; en: string }, b: { ru: string; en: string }) => a.ru === b.ru && a.en === b.en;

/** Only what changed is sent on an edit. */
function changedFields(extra: AdminExtra, values: ExtraFormOutput): ExtraUpdate {
  const changed: ExtraUpdate = {};
  if (!sameText(values.name, extra.name)) changed.name = values.name;
  if (!sameText(values.description, extra.description) && values.description.ru) changed.description = values.description;
  if (values.price !== extra.price) changed.price = values.price;
  if (values.counts !== extra.counts) changed.counts = values.counts;
  if (values.sort_order !== extra.sort_order) changed.sort_order = values.sort_order;
  if (values.active !== extra.active) changed.active = values.active;
  const rooms = roomIdsOf(values);
  if (JSON.stringify(rooms) !== JSON.stringify(extra.room_ids ? [...extra.room_ids].sort((a, b) => a - b) : null)) changed.room_ids = rooms;
  return changed;
}

interface ExtraFormProps {
  extra?: AdminExtra;
  rooms: AdminRoom[];
  onDone: () => void;
}

/**
 * An extra's form (decision 044): name and description in both languages, price > 0, how it counts,
 * the order in the guests' list, the rooms that offer it (all, or those ticked), a picture, and
 * whether it is offered at all (staff deactivate rather than delete: bookings keep their lines).
 */
export function ExtraForm({ extra, rooms, onDone }: ExtraFormProps) {
  const { t } = useTranslation(['admin', 'common']);
  const { language } = useLanguage();
  const save = useSaveExtra();
  const [image, setImage] = useState<File | null>(null);
  const imageProblem = imageFileProblem(image);

  const onSubmit = async (values: ExtraFormOutput) => {
    if (imageProblem) return;
    try {
      const { every_room: _every, room_ids: _ids, description, ...rest } = values;
      await save.mutateAsync(
        extra
          ? { id: extra.id, fields: changedFields(extra, values), image }
          : { fields: { ...rest, ...(description.ru ? { description } : {}), room_ids: roomIdsOf(values) }, image },
      );
      toast.success(t('admin:saved'));
      onDone();
    } catch (error) {
      toast.error(serverDetail(error) ?? t('admin:saveError'));
    }
  };

  const defaults: ExtraFormInput = {
    name: extra?.name ?? { ru: '', en: '' },
    description: extra?.description ?? { ru: '', en: '' },
    price: textFromKopecks(extra?.price),
    counts: extra?.counts ?? 'per_stay',
    sort_order: String(extra?.sort_order ?? 0),
    active: extra?.active ?? true,
    every_room: extra ? extra.room_ids === null : true,
    room_ids: (extra?.room_ids ?? []).map(String),
  };

  return (
    <Form schema={extraFormSchema} options={{ defaultValues: defaults }} className={styles.form} onSubmit={onSubmit} data-testid="extra-form">
      {(form, error) => {
        const { errors, isSubmitting } = form.formState;
        const everyRoom = form.watch('every_room');
        return (
          <>
            <BilingualFields label={t('admin:extras.name')} ru={form.register('name.ru')} en={form.register('name.en')} errors={errors.name} />
            <BilingualFields
              label={t('admin:extras.description')}
              ru={form.register('description.ru')}
              en={form.register('description.en')}
              errors={errors.description}
              multiline
            />
            <div className={styles.pair}>
              <Input
                label={t('admin:extras.price')}
                inputMode="decimal"
                required
                error={error('price')}
                {...form.register('price', { onChange: (event: { target: HTMLInputElement }) => form.setValue('price', stripLeadingZero(event.target.value)) })}
              />
              <Select
                label={t('admin:extras.counts')}
                required
                options={EXTRA_COUNTS.map((counts) => ({ value: counts, label: t(`admin:extras.countsOptions.${counts}`) }))}
                error={error('counts')}
                {...form.register('counts')}
              />
            </div>
            <Input label={t('admin:extras.sortOrder')} hint={t('admin:extras.sortOrderHint')} inputMode="numeric" error={error('sort_order')} {...form.register('sort_order')} />
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>{t('admin:extras.rooms')}</legend>
              <label className={styles.check}>
                <input type="checkbox" {...form.register('every_room')} data-testid="extra-every-room" />
                <span>{t('admin:extras.everyRoom')}</span>
              </label>
              {!everyRoom && (
                <div className={styles.checks}>
                  {rooms.map((room) => (
                    <label key={room.id} className={styles.check}>
                      <input type="checkbox" value={String(room.id)} {...form.register('room_ids')} />
                      <span>{textIn(room.name, language)}</span>
                    </label>
                  ))}
                </div>
              )}
              {error('room_ids') && (
                <p className={styles.error} role="alert">
                  {error('room_ids')}
                </p>
              )}
            </fieldset>
            <ImageField label={t('admin:extras.image')} file={image} onChange={setImage} current={extra?.image?.src ?? null} error={imageProblem} />
            <label className={styles.check}>
              <input type="checkbox" {...form.register('active')} data-testid="extra-active" />
              <span>
                {t('admin:extras.active')}
                <span className={styles.hint}> — {t('admin:extras.activeHint')}</span>
              </span>
            </label>
            <FormFooter editing={Boolean(extra)} saving={isSubmitting} onCancel={onDone} />
          </>
        );
      }}
    </Form>
  );
}
