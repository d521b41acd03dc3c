import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { addressInputSchema, type Address } from '@hotel/domain';
import { Button, Input, TextArea } from '../../../shared/ui';
import type { AddressInput } from '../api/save-address';
import styles from './forms.module.css';

type AddressFormValues = z.input<typeof addressInputSchema>;

/** An empty field is "not given"; anything else is checked as a whole number by the schema. */
const wholeNumber = (value: unknown) => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return text === '' ? null : Number(text.replace(',', '.'));
};

function initialValues(address: Address | undefined): AddressFormValues {
  return {
    label: address?.label ?? '',
    address: address?.address ?? '',
    entrance: address?.entrance ?? null,
    floor: address?.floor ?? null,
    apartment: address?.apartment ?? null,
    intercom: address?.intercom ?? '',
    comment: address?.comment ?? '',
    is_primary: address?.is_primary ?? false,
  };
}

interface AddressFormProps {
  address?: Address;
  onSubmit: (body: AddressInput) => Promise<void>;
  onCancel: () => void;
}

/** Title and address required; entrance, floor, apartment whole numbers > 0 when given (ACC-39..41). */
export function AddressForm({ address, onSubmit, onCancel }: AddressFormProps) {
  const { t } = useTranslation(['account', 'common']);
  const form = useForm({ resolver: zodResolver(addressInputSchema), defaultValues: initialValues(address) });
  const { errors, isSubmitting } = form.formState;
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <form className={styles.form} onSubmit={form.handleSubmit(onSubmit)} noValidate data-testid="address-form">
      <div className={styles.grid}>
        <Input
          label={t('account:address.label')}
          placeholder={t('account:address.labelPlaceholder')}
          required
          autoFocus
          containerClassName={styles.full}
          error={message(errors.label?.message)}
          {...form.register('label')}
        />
        <Input
          label={t('account:address.address')}
          placeholder={t('account:address.addressPlaceholder')}
          autoComplete="street-address"
          required
          containerClassName={styles.full}
          error={message(errors.address?.message)}
          {...form.register('address')}
        />
      </div>
      <div className={styles.triple}>
        <Input label={t('account:address.entrance')} inputMode="numeric" error={message(errors.entrance?.message)} {...form.register('entrance', { setValueAs: wholeNumber })} />
        <Input label={t('account:address.floor')} inputMode="numeric" error={message(errors.floor?.message)} {...form.register('floor', { setValueAs: wholeNumber })} />
        <Input label={t('account:address.apartment')} inputMode="numeric" error={message(errors.apartment?.message)} {...form.register('apartment', { setValueAs: wholeNumber })} />
      </div>
      <div className={styles.grid}>
        <Input label={t('account:address.intercom')} containerClassName={styles.full} error={message(errors.intercom?.message)} {...form.register('intercom')} />
        <TextArea label={t('account:address.comment')} rows={3} containerClassName={styles.full} error={message(errors.comment?.message)} {...form.register('comment')} />
      </div>
      <label className={styles.checkbox}>
        <input type="checkbox" {...form.register('is_primary')} />
        <span>{t('account:address.primaryCheckbox')}</span>
      </label>
      <div className={styles.footer}>
        <Button type="submit" loading={isSubmitting}>
          {t('account:address.save')}
        </Button>
        <Button variant="clearly" onClick={onCancel}>
          {t('common:button.cancel')}
        </Button>
      </div>
    </form>
  );
}
