import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { z } from 'zod';
import { codeSchema, type User } from '@hotel/domain';
import { Form, type FormMethods } from '../../../shared/forms/form';
import { Button, Modal, toast } from '../../../shared/ui';
import { useActivate } from '../api/activate';
import { useResendActivation } from '../api/resend-activation';
import { codeErrorMessage } from '../lib/code-errors';
import { CodeInput } from './code-input';
import { ResendCode } from './resend-code';
import styles from './activation.module.css';
import formStyles from './forms.module.css';

const activationSchema = z.object({ code: codeSchema });

/**
 * The banner an inactive user sees (AUTH-37) and its code dialog (AUTH-38..43). Renders
 * nothing for an active user, so it hides by itself once the refetched user is active.
 */
export function ActivationBanner({ user }: { user: Pick<User, 'email' | 'is_active'> }) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  // A new key remounts the form: closing the dialog resets it (AUTH-41).
  const [formKey, setFormKey] = useState(0);
  if (user.is_active) return null;

  return (
    <section className={styles.banner} role="status" aria-labelledby="activation-title" data-testid="activation-banner">
      <div className={styles.icon} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="22" height="22" focusable="false">
          <rect x="3" y="5" width="18" height="14" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="m4 7 8 6 8-6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        </svg>
      </div>
      <div className={styles.text}>
        <h2 id="activation-title" className={styles.title}>
          {t('auth:activation.bannerTitle')}
        </h2>
        <p className={styles.body}>{t('auth:activation.bannerText', { email: user.email })}</p>
      </div>
      <Button size="sm" onClick={() => setOpen(true)} className={styles.action}>
        {t('auth:activation.open')}
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        onClosed={() => setFormKey((key) => key + 1)}
        size="small"
        title={t('auth:activation.title')}
        description={t('auth:activation.description', { email: user.email })}
      >
        <ActivationForm key={formKey} email={user.email} onActivated={() => setOpen(false)} />
      </Modal>
    </section>
  );
}

export function ActivationForm({ email, onActivated }: { email: string; onActivated: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const activate = useActivate();
  const resend = useResendActivation();

  const submit = async ({ code }: { code: string }, form: FormMethods<typeof activationSchema>) => {
    try {
      await activate.mutateAsync({ email, code });
      toast.success(t('auth:activation.success'));
      onActivated();
    } catch (error) {
      form.setError('code', { message: codeErrorMessage(error, 'auth:code.invalid').key }, { shouldFocus: true });
    }
  };

  const resendCode = () =>
    resend.mutateAsync(email).then(
      () => toast.info(t('auth:activation.resent')),
      (error: unknown) => {
        const { key, values } = codeErrorMessage(error, 'auth:activation.resendError');
        toast.error(t(key, values));
        throw error;
      },
    );

  // Checked on every change (AUTH-40); the field takes at most 6 characters (AUTH-39).
  return (
    <Form schema={activationSchema} options={{ defaultValues: { code: '' }, mode: 'onChange' }} className={formStyles.form} onSubmit={submit}>
      {(form, error) => (
        <>
          <CodeInput
            label={t('auth:activation.code')}
            autoFocus
            error={error('code')}
            {...form.register('code')}
          />
          <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
            {t('auth:activation.submit')}
          </Button>
          <ResendCode onResend={resendCode} />
        </>
      )}
    </Form>
  );
}
