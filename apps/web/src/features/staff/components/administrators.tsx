import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ADMIN_DETAILS, emailSchema, personName, type User } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
import { Form, type FormMethods } from '../../../shared/forms/form';
import { Button, Input, Spinner, toast } from '../../../shared/ui';
import { useAddAdmin, useAdmins, useRemoveAdmin } from '../api/admins';
import { ConfirmDialog, useConfirmation } from '../../../shared/admin/confirm-dialog';
import styles from '../../../shared/admin/admin.module.css';

/** The spec's messages on the e-mail field by the answer's status (ERR-16..19). */
function addProblem(error: unknown): string {
  if (!(error instanceof ApiError)) return 'admin:users.addError';
  if (error.status === 404) return 'admin:users.notFound';
  if (error.status === 400) {
    if (error.detail === ADMIN_DETAILS.selfAdd) return 'admin:validation.selfAdd';
    if (error.detail === ADMIN_DETAILS.notActivated) return 'admin:users.notActivated';
    return 'admin:users.alreadyAdmin';
  }
  if (error.status === 403) return 'admin:users.forbidden';
  return 'admin:users.addError';
}

/**
 * The add form: the domain's e-mail rule with the spec's message (ERR-17), and not the viewer's own
 * address (ADM-43), before anything is sent.
 */
const addAdminSchema = (viewerEmail: string) =>
  z.object({
    email: z
      .string()
      .refine((email) => emailSchema.safeParse(email).success, 'admin:validation.invalidEmail')
      .transform((email) => emailSchema.parse(email))
      .refine((email) => email !== viewerEmail.toLowerCase(), 'admin:validation.selfAdd'),
  });
type AddAdminSchema = ReturnType<typeof addAdminSchema>;

/** /admin/users (ADM-42..48): add an administrator by e-mail, the list, removal by the superuser. */
export function Administrators({ viewer }: { viewer: User }) {
  const { t } = useTranslation('admin');
  const admins = useAdmins();
  const add = useAddAdmin();
  const remove = useRemoveAdmin();
  const removing = useConfirmation<string>();
  const superuser = viewer.role === 'superuser';
  const schema = useMemo(() => addAdminSchema(viewer.email), [viewer.email]);

  async function submit({ email }: z.output<AddAdminSchema>, form: FormMethods<AddAdminSchema>) {
    try {
      await add.mutateAsync(email);
      toast.success(t('admin:users.added'));
      form.reset();
    } catch (error) {
      form.setError('email', { message: addProblem(error) });
    }
  }

  async function onRemove(target: string) {
    try {
      await remove.mutateAsync(target);
      toast.success(t('admin:users.removed'));
    } catch {
      toast.error(t('admin:users.removeError'));
    }
    removing.close();
  }

  return (
    <>
      <Form
        schema={schema}
        options={{ defaultValues: { email: '' }, reValidateMode: 'onSubmit' }}
        className={styles.inlineForm}
        onSubmit={submit}
        data-testid="add-admin-form"
      >
        {(form, error) => {
          const problem = error('email');
          return (
            <>
              <Input
                label={t('admin:users.email')}
                type="email"
                autoComplete="off"
                required
                hint={problem ? undefined : t('admin:users.emailHint')}
                error={problem}
                {...form.register('email', { onChange: () => form.clearErrors('email') })}
              />
              <div className={styles.inlineButtons}>
                <Button type="submit" loading={add.isPending} disabled={form.watch('email').trim() === ''}>
                  {t('admin:users.add')}
                </Button>
              </div>
            </>
          );
        }}
      </Form>
      {admins.isPending && <Spinner />}
      {admins.isError && <p className={styles.error}>{t('admin:users.loadError')}</p>}
      {admins.data && (
        <ul className={styles.list} data-testid="admin-list">
          {admins.data.map((admin) => (
            <li key={admin.id} className={styles.row} data-testid="admin-row">
              <span className={styles.badge}>
                {t('admin:users.id')} {admin.id}
              </span>
              <span className={styles.rowMain}>
                <span className={styles.rowTitle}>{personName(admin) || admin.username || t('admin:users.noUsername')}</span>
                <span className={styles.rowSub}>{admin.email}</span>
              </span>
              <span className={styles.meta}>
                {t(`admin:role.${admin.role}`)}
                <span className={admin.is_active ? styles.badge : `${styles.badge} ${styles.badgeWarn}`} data-testid="admin-state">
                  {t(admin.is_active ? 'admin:users.active' : 'admin:users.notActive')}
                </span>
                {admin.id === viewer.id && <span className={styles.badge}>{t('admin:users.you')}</span>}
              </span>
              {superuser && admin.role !== 'superuser' && (
                <span className={styles.rowActions}>
                  <Button size="sm" variant="clearly" onClick={() => removing.ask(admin.email)} loading={remove.isPending && remove.variables === admin.email}>
                    {t('admin:delete')}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing.open}
        title={t('admin:users.removeTitle')}
        confirmLabel={t('admin:users.removeYes')}
        busy={remove.isPending}
        onConfirm={() => removing.subject && void onRemove(removing.subject)}
        onClose={removing.close}
      >
        {removing.subject && t('admin:users.confirmRemove', { email: removing.subject })}
      </ConfirmDialog>
    </>
  );
}
