import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { personName, STAFF_ROLES, staffInviteSchema, type StaffMember, type StaffRole, type User } from '@hotel/domain';
import type { z } from 'zod';
import { ApiError } from '../../../shared/api/client';
import { Form, type FormMethods } from '../../../shared/forms/form';
import { Button, Input, Spinner, toast } from '../../../shared/ui';
import { ConfirmDialog, useConfirmation } from '../../../shared/admin/confirm-dialog';
import admin from '../../../shared/admin/admin.module.css';
import styles from './staff.module.css';
import { useChangeRoles, useDeactivate, useInviteStaff, useStaff } from '../api/staff';

type StaffInvite = z.output<typeof staffInviteSchema>;
/** The invitation form as it starts, and again once someone is invited. */
const NO_INVITE: z.input<typeof staffInviteSchema> = { email: '', roles: [] };

/** The server's refusal, in the language the page speaks (its `language` cookie), or a general one. */
const problem = (error: unknown, fallback: string) => (error instanceof ApiError && error.status < 500 && error.detail ? error.detail : fallback);

function RoleChoice({ value, onChange, legend }: { value: readonly string[]; onChange: (roles: StaffRole[]) => void; legend: string }) {
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
  const [inviteError, setInviteError] = useState<string | undefined>();

  async function submit(body: StaffInvite, form: FormMethods<typeof staffInviteSchema>) {
    setInviteError(undefined);
    try {
      // The boxes offer only the known roles; the server checks them again.
      await invite.mutateAsync({ email: body.email, roles: STAFF_ROLES.filter((role) => body.roles.includes(role)) });
      toast.success(t('admin:staff.invited'));
      form.reset(NO_INVITE);
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
      <Form className={`${admin.inlineForm} ${styles.member}`} schema={staffInviteSchema} options={{ defaultValues: NO_INVITE }} onSubmit={submit} data-testid="staff-invite">
        {(form, error) => {
          const [email, roles] = [form.watch('email'), form.watch('roles')];
          const refused = inviteError ?? error('email');
          return (
            <>
              <Input
                label={t('admin:staff.email')}
                type="email"
                autoComplete="off"
                hint={refused ? undefined : t('admin:users.emailHint')}
                error={refused}
                {...form.register('email', { onChange: () => setInviteError(undefined) })}
              />
              <RoleChoice value={roles} onChange={(next) => form.setValue('roles', next)} legend={t('admin:staff.roles')} />
              <div className={admin.inlineButtons}>
                <Button type="submit" loading={invite.isPending} disabled={roles.length === 0 || email.trim() === ''}>
                  {t('admin:staff.invite')}
                </Button>
              </div>
            </>
          );
        }}
      </Form>
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
