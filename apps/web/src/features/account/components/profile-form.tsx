import { useTranslation } from '../../../shared/i18n';
import { z } from 'zod';
import { profileUpdateSchema, type Account } from '@hotel/domain';
import { Form, type FormMethods } from '../../../shared/forms/form';
import { Button, Input, Select, toast } from '../../../shared/ui';
import { useUpdateProfile, type ProfileUpdate } from '../api/update-profile';
import styles from './forms.module.css';

export interface ProfileFormValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  has_extra_phone: boolean;
  extra_phone: string;
  gender: 'male' | 'female' | 'not_given';
  birthday: string;
}

export function profileFormValues(account: Account): ProfileFormValues {
  return {
    username: account.username ?? '',
    first_name: account.first_name ?? '',
    last_name: account.last_name ?? '',
    email: account.email,
    phone: account.phone ?? '',
    has_extra_phone: Boolean(account.extra_phone),
    extra_phone: account.extra_phone ?? '',
    gender: account.gender ?? 'not_given',
    birthday: account.birthday ?? '',
  };
}

/** What PUT account/ receives: the additional phone only while its checkbox is on (ACC-12). */
function toRequest(values: ProfileFormValues) {
  const { has_extra_phone, extra_phone, birthday, ...rest } = values;
  return { ...rest, birthday: birthday === '' ? null : birthday, ...(has_extra_phone ? { extra_phone } : {}) };
}

// The domain schema (the server's own rules) checks the request built from the form's fields;
// its messages land on the fields of the same names.
const profileFormSchema = z.custom<ProfileFormValues>().transform((values, ctx): ProfileUpdate => {
  const result = profileUpdateSchema.safeParse(toRequest(values));
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  }
  const body: ProfileUpdate = { ...result.data };
  if (!values.has_extra_phone) delete body.extra_phone;
  return body;
});

interface ProfileFormProps {
  account: Account;
  /**
   * Called with a new e-mail typed into the form: it changes through its own confirmation (the
   * password, then a code to the new address), so the rest of the form is saved without it.
   */
  onEmailChange?: (email: string) => void;
}

/** /account/profile: the profile form (spec section 5, ACC-11..18). */
export function ProfileForm({ account, onEmailChange }: ProfileFormProps) {
  const { t } = useTranslation(['account', 'auth', 'common']);
  const update = useUpdateProfile();
  const submit = async (body: ProfileUpdate, form: FormMethods<typeof profileFormSchema>) => {
    const newEmail = body.email !== account.email ? body.email : null;
    try {
      await update.mutateAsync({ ...body, email: account.email });
      // What was saved becomes the new starting point: Save is disabled again until a change.
      form.reset({ ...form.getValues(), email: account.email });
      toast.success(t('account:profile.saved'));
      if (newEmail) onEmailChange?.(newEmail);
    } catch {
      // The server's English detail stays out of the screen: the visitor's language only.
      toast.error(t('account:profile.saveError'));
    }
  };

  return (
    <Form schema={profileFormSchema} options={{ defaultValues: profileFormValues(account) }} className={styles.form} onSubmit={submit} data-testid="profile-form">
      {(form, error) => (
        <>
          <div className={styles.grid}>
            <Input label={t('account:profile.nickname')} autoComplete="nickname" error={error('username')} {...form.register('username')} />
            <Input label={t('account:profile.email')} type="email" autoComplete="email" error={error('email')} {...form.register('email')} />
            <Input label={t('account:profile.firstName')} autoComplete="given-name" error={error('first_name')} {...form.register('first_name')} />
            <Input label={t('account:profile.lastName')} autoComplete="family-name" error={error('last_name')} {...form.register('last_name')} />
            <Input label={t('account:profile.phone')} type="tel" autoComplete="tel" placeholder="+375 29 000-00-00" error={error('phone')} {...form.register('phone')} />
            <div className={styles.stack}>
              <label className={styles.checkbox}>
                <input type="checkbox" {...form.register('has_extra_phone')} />
                <span>{t('account:profile.extraPhoneToggle')}</span>
              </label>
              {form.watch('has_extra_phone') && (
                <Input
                  label={t('account:profile.extraPhone')}
                  type="tel"
                  autoComplete="tel"
                  error={error('extra_phone')}
                  {...form.register('extra_phone')}
                />
              )}
            </div>
            <Select
              label={t('account:profile.gender')}
              options={[
                { value: 'not_given', label: t('account:profile.genderNotGiven') },
                { value: 'female', label: t('account:profile.genderFemale') },
                { value: 'male', label: t('account:profile.genderMale') },
              ]}
              error={error('gender')}
              {...form.register('gender')}
            />
            <Input label={t('account:profile.birthday')} type="date" autoComplete="bday" error={error('birthday')} {...form.register('birthday')} />
          </div>
          <div className={styles.footer}>
            <Button type="submit" disabled={!form.formState.isDirty} loading={form.formState.isSubmitting}>
              {t('account:profile.save')}
            </Button>
            {form.formState.isDirty && (
              <Button variant="clearly" onClick={() => form.reset()}>
                {t('common:button.cancel')}
              </Button>
            )}
          </div>
        </>
      )}
    </Form>
  );
}

/** Shown while nickname, first name, last name, e-mail or phone is missing (ACC-14). */
export function ProfileIncompleteBanner({ account }: { account: Account }) {
  const { t } = useTranslation('account');
  const complete = [account.username, account.first_name, account.last_name, account.email, account.phone].every(
    (value) => typeof value === 'string' && value.trim() !== '',
  );
  if (complete) return null;
  return (
    <section className={styles.notice} role="status" data-testid="profile-incomplete">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M12 7.5v5.5M12 16.2v.1" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <div>
        <h2 className={styles.noticeTitle}>{t('account:profile.incompleteTitle')}</h2>
        <p className={styles.noticeText}>{t('account:profile.incompleteText')}</p>
      </div>
    </section>
  );
}
