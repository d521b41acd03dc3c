import { useTranslation } from '../../../shared/i18n';
import type { z } from 'zod';
import { addressInputSchema, type Address } from '@hotel/domain';
import { Form } from '../../../shared/forms/form';
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

  return (
    <Form
      schema={addressInputSchema}
      options={{ defaultValues: initialValues(address) }}
      className={styles.form}
      onSubmit={onSubmit}
      data-testid="address-form"
    >
      {(form, error) => (
        <>
          <div className={styles.grid}>
            <Input
              label={t('account:address.label')}
              placeholder={t('account:address.labelPlaceholder')}
              required
              autoFocus
              containerClassName={styles.full}
              error={error('label')}
              {...form.register('label')}
            />
            <Input
              label={t('account:address.address')}
              placeholder={t('account:address.addressPlaceholder')}
              autoComplete="street-address"
              required
              containerClassName={styles.full}
              error={error('address')}
              {...form.register('address')}
            />
          </div>
          <div className={styles.triple}>
            <Input label={t('account:address.entrance')} inputMode="numeric" error={error('entrance')} {...form.register('entrance', { setValueAs: wholeNumber })} />
            <Input label={t('account:address.floor')} inputMode="numeric" error={error('floor')} {...form.register('floor', { setValueAs: wholeNumber })} />
            <Input label={t('account:address.apartment')} inputMode="numeric" error={error('apartment')} {...form.register('apartment', { setValueAs: wholeNumber })} />
          </div>
          <div className={styles.grid}>
            <Input label={t('account:address.intercom')} containerClassName={styles.full} error={error('intercom')} {...form.register('intercom')} />
            <TextArea label={t('account:address.comment')} rows={3} containerClassName={styles.full} error={error('comment')} {...form.register('comment')} />
          </div>
          <label className={styles.checkbox}>
            <input type="checkbox" {...form.register('is_primary')} />
            <span>{t('account:address.primaryCheckbox')}</span>
          </label>
          <div className={styles.footer}>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('account:address.save')}
            </Button>
            <Button variant="clearly" onClick={onCancel}>
              {t('common:button.cancel')}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
