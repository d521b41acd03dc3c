import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../i18n';
import { Input, TextArea } from '../ui';
import styles from './admin.module.css';

interface BilingualFieldsProps {
  label: string;
  ru: UseFormRegisterReturn;
  en: UseFormRegisterReturn;
  errors?: FieldErrors<{ ru: string; en: string }> | undefined;
  multiline?: boolean;
}

/**
 * A text visitors read, in both languages: Russian required, English optional (visitors reading
 * English then see the Russian).
 */
export function BilingualFields({ label, ru, en, errors, multiline }: BilingualFieldsProps) {
  const { t } = useTranslation('admin');
  const Field = multiline ? TextArea : Input;
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.pair}>
        <Field label={t('admin:language.ru')} required error={message(errors?.ru?.message)} {...(multiline ? { rows: 4 } : {})} {...ru} />
        <Field label={t('admin:language.en')} hint={t('admin:language.enHint')} error={message(errors?.en?.message)} {...(multiline ? { rows: 4 } : {})} {...en} />
      </div>
    </fieldset>
  );
}
