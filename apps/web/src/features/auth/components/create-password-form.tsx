import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { setPasswordSchema } from '@hotel/domain';
import { Button, Input, toast } from '../../../shared/ui';
import { useSetPassword } from '../api/set-password';
import { detailOf } from '../lib/api-errors';
import styles from './forms.module.css';

interface CreatePasswordFormProps {
  email: string;
  onSaved: () => void;
}

/** /auth/create-password: at least 8 characters, entered twice (AUTH-24, AUTH-25). */
export function CreatePasswordForm({ email, onSaved }: CreatePasswordFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const setPassword = useSetPassword();
  const form = useForm({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { email, new_password: '', new_password1: '' },
  });
  const { errors } = form.formState;
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const submit = form.handleSubmit(async (values) => {
    try {
      await setPassword.mutateAsync(values);
      onSaved();
    } catch (error) {
      form.setError('new_password', { message: 'auth:createPassword.error' });
      toast.error(detailOf(error) ?? t('auth:createPassword.error'));
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Input
        label={t('auth:createPassword.password')}
        variant="password"
        autoComplete="new-password"
        autoFocus
        error={message(errors.new_password?.message)}
        {...form.register('new_password')}
      />
      <Input
        label={t('auth:createPassword.passwordConfirm')}
        variant="password"
        autoComplete="new-password"
        error={message(errors.new_password1?.message)}
        {...form.register('new_password1')}
      />
      <div className={styles.actions}>
        <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
          {t('auth:createPassword.submit')}
        </Button>
      </div>
    </form>
  );
}
