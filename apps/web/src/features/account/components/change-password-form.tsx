import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
import { Button, Input, toast } from '../../../shared/ui';
import { useChangePassword } from '../api/change-password';
import styles from './forms.module.css';

const empty = { old_password: '', new_password: '', new_password1: '' };

/** Change password: three fields of at least 6 characters, new = repeat (ACC-19, ACC-20). */
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
      const detail = error instanceof ApiError && error.status !== 403 ? error.detail : undefined;
      toast.error(detail ? `${t('account:password.error')}: ${detail}` : t('account:password.error'));
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
