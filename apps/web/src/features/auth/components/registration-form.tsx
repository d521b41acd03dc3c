import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { registrationFormSchema, type User } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Form } from '../../../shared/forms/form';
import { Button, Input, toast } from '../../../shared/ui';
import { useSignup } from '../api/signup';
import { detailOf } from '../lib/api-errors';
import styles from './forms.module.css';

interface RegistrationFormProps {
  email: string;
  onRegistered: (user: User) => void;
}

/** /auth/reg: name and a strong password, twice (spec section 5). */
export function RegistrationForm({ email, onRegistered }: RegistrationFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const { language } = useLanguage();
  const signup = useSignup();
  const [formError, setFormError] = useState<string | null>(null);

  // The schema trims both passwords before checking; the values sent are the trimmed ones (AUTH-17).
  const submit = async ({ first_name, password }: { first_name: string; password: string }) => {
    setFormError(null);
    try {
      const user = await signup.mutateAsync({ first_name, email, password, language });
      toast.success(t('auth:registration.success'));
      onRegistered(user);
    } catch (error) {
      const text = detailOf(error) === 'Email already exists' ? t('auth:login.emailExists') : (detailOf(error) ?? t('auth:registration.error'));
      setFormError(text);
      toast.error(text);
    }
  };

  return (
    <Form schema={registrationFormSchema} options={{ defaultValues: { first_name: '', password: '', password_confirm: '' } }} className={styles.form} onSubmit={submit}>
      {(form, error) => (
        <>
          {formError && (
            <p className={styles.formError} role="alert">
              {formError}
            </p>
          )}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <Input
            label={t('auth:registration.name')}
            autoComplete="given-name"
            autoFocus
            error={error('first_name')}
            {...form.register('first_name')}
          />
          <Input
            label={t('auth:registration.password')}
            variant="password"
            autoComplete="new-password"
            hint={t('auth:registration.passwordHint')}
            error={error('password')}
            {...form.register('password')}
          />
          <Input
            label={t('auth:registration.passwordConfirm')}
            variant="password"
            autoComplete="new-password"
            error={error('password_confirm')}
            {...form.register('password_confirm')}
          />
          <div className={styles.actions}>
            <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
              {t('auth:registration.submit')}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
