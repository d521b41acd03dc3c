import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { personName, STAFF_ROLES, type StaffMember, type StaffRole, type User } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
import { Button, Input, Spinner, toast } from '../../../shared/ui';
import { ConfirmDialog, useConfirmation } from '../../../shared/admin/confirm-dialog';
import admin from '../../../shared/admin/admin.module.css';
import styles from './staff.module.css';
import { useChangeRoles, useDeactivate, useInviteStaff, useStaff } from '../api/staff';

/** The server's refusal, in the language the page speaks (its `language` cookie), or a general one. */
const problem = (error: unknown, fallback: string) => (error instanceof ApiError && error.status < 500 && error.detail ? error.detail : fallback);

function RoleChoice({ value, onChange, legend }: { value: readonly StaffRole[]; onChange: (roles: StaffRole[]) => void; legend: string }) {
  const { t } = useTranslation('admin');
  return (
    <fieldset className={styles.roles} data-testid="staff-roles">
      <legend>{legend}</legend>
      {STAFF_ROLES.map((role) => (
        <label key={role} className={styles.option}>
          <input
            type="checkbox"
            value={role}
            checked={value.includes(role)}
            onChange={(event) => onChange(STAFF_ROLES.filter((r) => (r === role ? event.target.checked : value.includes(r))))}
          />
          {t(`admin:role.${role}`)}
        </label>
      ))}
    </fieldset>
  );
}

function MemberRow({ member, viewer, onDeactivate }: { member: StaffMember; viewer: User; onDeactivate: (member: StaffMember) => void }) {
  const { t } = useTranslation('admin');
  const [roles, setRoles] = useState<StaffRole[]>(member.roles);
  const change = useChangeRoles();
  const self = member.id === viewer.id;
  const changed = roles.join() !== member.roles.join();

  async function save() {
    try {
      await change.mutateAsync({ id: member.id, roles });
      toast.success(t('admin:staff.saved'));
    } catch (error) {
      toast.error(problem(error, t('admin:staff.error')));
      setRoles(member.roles);
    }
  }

  return (
    <li className={`${admin.row} ${styles.member}`} data-testid="staff-row" data-email={member.email}>
      <span className={admin.rowMain}>
        <span className={admin.rowTitle}>{personName(member) || member.username || member.email}</span>
        <span className={admin.rowSub}>{member.email}</span>
      </span>
      {self ? (
        <span className={admin.meta}>
          {member.roles.map((role) => t(`admin:role.${role}`)).join(', ')}
          <span className={admin.badge}>{t('admin:users.you')}</span>
        </span>
      ) : (
        <>
          <RoleChoice value={roles} onChange={setRoles} legend={t('admin:staff.roles')} />
          <span className={styles.actions}>
            <Button size="sm" disabled={!changed || roles.length === 0} loading={change.isPending} onClick={() => void save()}>
              {t('admin:staff.save')}
            </Button>
            <Button size="sm" variant="clearly" onClick={() => onDeactivate(member)}>
              {t('admin:staff.deactivate')}
            </Button>
          </span>
        </>
      )}
    </li>
  );
}

/** /admin/users (issue 49): the superuser invites by e-mail with roles, changes them, deactivates someone who left. */
export function Staff({ viewer }: { viewer: User }) {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const invite = useInviteStaff();
  const deactivate = useDeactivate();
  const confirming = useConfirmation<StaffMember>();
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const [inviteError, setInviteError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setInviteError(undefined);
    try {
      await invite.mutateAsync({ email: email.trim(), roles });
      toast.success(t('admin:staff.invited'));
      setEmail('');
      setRoles([]);
    } catch (error) {
      setInviteError(problem(error, t('admin:staff.error')));
    }
  }

  async function confirmDeactivate(member: StaffMember) {
    try {
      await deactivate.mutateAsync(member.id);
      toast.success(t('admin:staff.deactivated'));
    } catch (error) {
      toast.error(problem(error, t('admin:staff.error')));
    }
    confirming.close();
  }

  return (
    <>
      <form className={`${admin.inlineForm} ${styles.member}`} onSubmit={(event) => void submit(event)} data-testid="staff-invite" noValidate>
        <Input
          label={t('admin:staff.email')}
          type="email"
          autoComplete="off"
          value={email}
          hint={inviteError ? undefined : t('admin:users.emailHint')}
          error={inviteError}
          onChange={(event) => {
            setEmail(event.target.value);
            setInviteError(undefined);
          }}
        />
        <RoleChoice value={roles} onChange={setRoles} legend={t('admin:staff.roles')} />
        <div className={admin.inlineButtons}>
          <Button type="submit" loading={invite.isPending} disabled={roles.length === 0 || email.trim() === ''}>
            {t('admin:staff.invite')}
          </Button>
        </div>
      </form>
      {staff.isPending && <Spinner />}
      {staff.isError && <p className={admin.error}>{t('admin:users.loadError')}</p>}
      {staff.data && (
        <ul className={admin.list} data-testid="staff-list">
          {staff.data.map((member) => (
            <MemberRow key={`${member.id}:${member.roles.join()}`} member={member} viewer={viewer} onDeactivate={confirming.ask} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming.open}
        title={t('admin:staff.deactivateTitle')}
        confirmLabel={t('admin:staff.deactivate')}
        busy={deactivate.isPending}
        onConfirm={() => confirming.subject && void confirmDeactivate(confirming.subject)}
        onClose={confirming.close}
      >
        {confirming.subject && t('admin:staff.deactivateText', { email: confirming.subject.email })}
      </ConfirmDialog>
    </>
  );
}
