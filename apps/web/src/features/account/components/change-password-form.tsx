import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
import { Button, Input, toast } from '../../../shared/ui';
import { useChangePassword } from '../api/change-password';
import styles from './forms.module.css';

const empty = { old_password: '', new_password: '', new_password1: '' };

/**
 * Change password (ACC-19, ACC-20): the current one, and a new one by the sign-up rule (12
 * characters, lower, upper, digit; one policy for every new password, decision 015), twice.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation(['account', 'common']);
  const change = useChangePassword();
  const form = useForm({ resolver: zodResolver(changePasswordSchema), defaultValues: empty });
  const { errors, isSubmitting } = form.formState;
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const submit = form.handleSubmit(async (body) => {
    try {
      await change.mutateAsync(body);
      form.reset(empty);
      toast.success(t('account:password.success'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        form.setError('old_password', { message: 'account:password.invalid' }, { shouldFocus: true });
      }
      // The server's English detail stays out of the screen: the visitor's language only.
      toast.error(t('account:password.error'));
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="change-password-form">
      <div className={styles.grid}>
        <Input
          label={t('account:password.old')}
          variant="password"
          autoComplete="current-password"
          error={message(errors.old_password?.message)}
          containerClassName={styles.full}
          {...form.register('old_password')}
        />
        <Input label={t('account:password.new')} variant="password" autoComplete="new-password" error={message(errors.new_password?.message)} {...form.register('new_password')} />
        <Input label={t('account:password.repeat')} variant="password" autoComplete="new-password" error={message(errors.new_password1?.message)} {...form.register('new_password1')} />
      </div>
      <div className={styles.footer}>
        <Button type="submit" variant="secondary" loading={isSubmitting}>
          {t('account:password.submit')}
        </Button>
      </div>
    </form>
  );
}
