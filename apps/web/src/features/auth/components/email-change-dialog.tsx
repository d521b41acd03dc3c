import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { z } from 'zod';
import { codeSchema, emailChangeSchema } from '@hotel/domain';
import { Form, type FormMethods } from '../../../shared/forms/form';
import { Button, Input, Modal, toast } from '../../../shared/ui';
import { useConfirmEmailChange, useRequestEmailChange } from '../api/change-email';
import { statusOf } from '../lib/api-errors';
import { codeErrorMessage } from '../lib/code-errors';
import { CodeInput } from './code-input';
import formStyles from './forms.module.css';

interface EmailChangeDialogProps {
  /** The new address; null keeps the dialog closed. */
  email: string | null;
  onClose: () => void;
}

/**
 * A new e-mail for the account: the password first, then the code mailed to the new address; the
 * address changes only then, and the old one is told (decision 015).
 */
export function EmailChangeDialog({ email, onClose }: EmailChangeDialogProps) {
  const { t } = useTranslation('auth');
  // A new key remounts the steps: a closed dialog starts again from the password.
  const [round, setRound] = useState(0);
  return (
    <Modal
      open={email !== null}
      onOpenChange={(open) => !open && onClose()}
      onClosed={() => setRound((n) => n + 1)}
      size="small"
      title={t('auth:emailChange.title')}
      description={email ? t('auth:emailChange.lead', { email }) : undefined}
    >
      {email && <EmailChangeSteps key={round} email={email} onDone={onClose} />}
    </Modal>
  );
}

function EmailChangeSteps({ email, onDone }: { email: string; onDone: () => void }) {
  const [codeSent, setCodeSent] = useState(false);
  return codeSent ? (
    <CodeStep email={email} onDone={onDone} onAgain={() => setCodeSent(false)} />
  ) : (
    <PasswordStep email={email} onSent={() => setCodeSent(true)} />
  );
}

const passwordStepSchema = z.object({ password: emailChangeSchema.shape.password });

function PasswordStep({ email, onSent }: { email: string; onSent: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const request = useRequestEmailChange();

  const submit = async ({ password }: { password: string }, form: FormMethods<typeof passwordStepSchema>) => {
    try {
      await request.mutateAsync({ email, password });
      onSent();
    } catch (error) {
      const status = statusOf(error);
      const key =
        status === 403
          ? 'auth:login.invalidPassword'
          : status === 409
            ? 'auth:login.emailExists'
            : codeErrorMessage(error, 'auth:reset.sendError').key;
      form.setError('password', { message: key }, { shouldFocus: true });
    }
  };

  return (
    <Form schema={passwordStepSchema} options={{ defaultValues: { password: '' } }} className={formStyles.form} onSubmit={submit}>
      {(form, error) => (
        <>
          <Input
            label={t('auth:login.password')}
            variant="password"
            autoComplete="current-password"
            autoFocus
            error={error('password')}
            {...form.register('password')}
          />
          <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
            {t('auth:emailChange.send')}
          </Button>
        </>
      )}
    </Form>
  );
}

const codeStepSchema = z.object({ code: codeSchema });

function CodeStep({ email, onDone, onAgain }: { email: string; onDone: () => void; onAgain: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const confirm = useConfirmEmailChange();

  const submit = async ({ code }: { code: string }, form: FormMethods<typeof codeStepSchema>) => {
    try {
      await confirm.mutateAsync(code);
      toast.success(t('auth:emailChange.done', { email }));
      onDone();
    } catch (error) {
      const key = statusOf(error) === 409 ? 'auth:login.emailExists' : codeErrorMessage(error, 'auth:code.invalid').key;
      form.setError('code', { message: key }, { shouldFocus: true });
    }
  };

  return (
    <Form schema={codeStepSchema} options={{ defaultValues: { code: '' } }} className={formStyles.form} onSubmit={submit}>
      {(form, error) => (
        <>
          <p>{t('auth:emailChange.codeSent', { email })}</p>
          <CodeInput label={t('auth:code.label')} digitsOnly autoFocus error={error('code')} {...form.register('code')} />
          <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
            {t('auth:code.submit')}
          </Button>
          {/* A new code is asked for with the password again: back to the first step. */}
          <p className={formStyles.resend}>
            <button type="button" className={formStyles.link} onClick={onAgain}>
              {t('auth:emailChange.again')}
            </button>
          </p>
        </>
      )}
    </Form>
  );
}
