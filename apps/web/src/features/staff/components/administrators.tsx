import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_DETAILS, emailSchema, personName, type User } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
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

/** /admin/users (ADM-42..48): add an administrator by e-mail, the list, removal by the superuser. */
export function Administrators({ viewer }: { viewer: User }) {
  const { t } = useTranslation('admin');
  const admins = useAdmins();
  const add = useAddAdmin();
  const remove = useRemoveAdmin();
  const removing = useConfirmation<string>();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const superuser = viewer.role === 'superuser';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setProblem('admin:validation.invalidEmail');
    if (parsed.data === viewer.email.toLowerCase()) return setProblem('admin:validation.selfAdd');
    setProblem(undefined);
    try {
      await add.mutateAsync(parsed.data);
      toast.success(t('admin:users.added'));
      setEmail('');
    } catch (error) {
      setProblem(addProblem(error));
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
      <form className={styles.inlineForm} onSubmit={submit} noValidate data-testid="add-admin-form">
        <Input
          label={t('admin:users.email')}
          type="email"
          autoComplete="off"
          required
          value={email}
          hint={problem ? undefined : t('admin:users.emailHint')}
          error={problem ? t(problem) : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            setProblem(undefined);
          }}
        />
        <div className={styles.inlineButtons}>
          <Button type="submit" loading={add.isPending} disabled={email.trim() === ''}>
            {t('admin:users.add')}
          </Button>
        </div>
      </form>
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
