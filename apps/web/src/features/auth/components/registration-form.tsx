import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { registrationFormSchema, type User } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
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
  const form = useForm({
    resolver: zodResolver(registrationFormSchema),
    defaultValues: { first_name: '', password: '', password_confirm: '' },
  });
  const { errors } = form.formState;
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  // The schema trims both passwords before checking; the values sent are the trimmed ones (AUTH-17).
  const submit = form.handleSubmit(async ({ first_name, password }) => {
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
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
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
        error={message(errors.first_name?.message)}
        {...form.register('first_name')}
      />
      <Input
        label={t('auth:registration.password')}
        variant="password"
        autoComplete="new-password"
        hint={t('auth:registration.passwordHint')}
        error={message(errors.password?.message)}
        {...form.register('password')}
      />
      <Input
        label={t('auth:registration.passwordConfirm')}
        variant="password"
        autoComplete="new-password"
        error={message(errors.password_confirm?.message)}
        {...form.register('password_confirm')}
      />
      <div className={styles.actions}>
        <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
          {t('auth:registration.submit')}
        </Button>
      </div>
    </form>
  );
}
