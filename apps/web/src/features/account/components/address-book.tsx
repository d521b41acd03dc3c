import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import type { Address } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
import { Button, Modal, Skeleton, toast } from '../../../shared/ui';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';
import { useSaveAddress, type AddressInput } from '../api/save-address';
import { AddressForm } from './address-form';
import { Icon } from './icons';
import styles from './address-book.module.css';

type Editing = { mode: 'create' } | { mode: 'edit'; address: Address } | null;

/** /account/addresses: the saved delivery addresses (ACC-35..41, ERR-31, ERR-35). */
export function AddressBook() {
  const { t } = useTranslation(['account', 'common']);
  const addresses = useAddresses();
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<Editing>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<Address | null>(null);

  const failure = (key: string, error: unknown) => {
    const detail = error instanceof ApiError ? error.detail : undefined;
    toast.error(detail ? `${t(key)}: ${detail}` : t(key));
  };

  const openForm = (next: Exclude<Editing, null>) => {
    setEditing(next);
    setDialogOpen(true);
  };

  const submit = async (body: AddressInput) => {
    const id = editing?.mode === 'edit' ? editing.address.id : undefined;
    try {
      await save.mutateAsync({ id, body });
      toast.success(t(id === undefined ? 'account:address.created' : 'account:address.updated'));
      setDialogOpen(false);
    } catch (error) {
      failure('account:address.saveError', error);
    }
  };

  const makePrimary = (address: Address) => {
    const { id, ...rest } = address;
    save.mutate(
      { id, body: { ...rest, is_primary: true } },
      { onSuccess: () => toast.success(t('account:address.primaryDone')), onError: (error) => failure('account:address.saveError', error) },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('account:address.deleted'));
        setDeleting(null);
      },
      onError: (error) => failure('account:address.deleteError', error),
    });
  };

  const addButton = (
    <Button onClick={() => openForm({ mode: 'create' })}>
      <span aria-hidden="true">+</span> {t('account:address.add')}
    </Button>
  );

  let content;
  if (addresses.isPending) {
    content = (
      <div className={styles.list} aria-busy="true">
        {[0, 1].map((i) => (
          <Skeleton key={i} height={132} radius="lg" />
        ))}
      </div>
    );
  } else if (addresses.isError) {
    content = (
      <p className={styles.error} role="alert">
        {t('account:loadError', { detail: addresses.error.message })}
      </p>
    );
  } else if (addresses.data.length === 0) {
    content = (
      <div className={styles.empty} data-testid="addresses-empty">
        <div className={styles.emptyIcon} aria-hidden="true">
          <Icon name="addresses" size={28} />
        </div>
        <h2 className={styles.emptyTitle}>{t('account:address.empty')}</h2>
        <p className={styles.emptyText}>{t('account:address.emptyHint')}</p>
        {addButton}
      </div>
    );
  } else {
    const sorted = [...addresses.data].sort((a, b) => Number(b.is_primary) - Number(a.is_primary) || a.id - b.id);
    content = (
      <>
        <ul className={styles.list}>
          {sorted.map((address) => (
            <li key={address.id} className={styles.card} data-testid="address-card" data-primary={address.is_primary || undefined}>
              <div className={styles.cardHead}>
                <h2 className={styles.cardTitle}>{address.label}</h2>
                {address.is_primary && <span className={styles.badge}>{t('account:address.primary')}</span>}
              </div>
              <p className={styles.cardAddress}>{address.address}</p>
              <Details address={address} />
              <div className={styles.cardActions}>
                <Button size="sm" variant="outline" onClick={() => openForm({ mode: 'edit', address })} aria-label={`${t('account:address.edit')}: ${address.label}`}>
                  {t('account:address.edit')}
                </Button>
                {!address.is_primary && (
                  <Button size="sm" variant="clearly" onClick={() => makePrimary(address)} disabled={save.isPending}>
                    {t('account:address.makePrimary')}
                  </Button>
                )}
                <Button size="sm" variant="clearly" className={styles.delete} onClick={() => setDeleting(address)} aria-label={`${t('account:address.delete')}: ${address.label}`}>
                  {t('account:address.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <div>{addButton}</div>
      </>
    );
  }

  return (
    <>
      {content}
      <Modal
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        onClosed={() => setEditing(null)}
        size="medium"
        title={editing?.mode === 'edit' ? t('account:address.editTitle') : t('account:address.createTitle')}
      >
        {editing && (
          <AddressForm
            key={editing.mode === 'edit' ? editing.address.id : 'new'}
            address={editing.mode === 'edit' ? editing.address : undefined}
            onSubmit={submit}
            onCancel={() => setDialogOpen(false)}
          />
        )}
      </Modal>
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        size="small"
        title={t('account:address.deleteTitle')}
        description={deleting ? t('account:address.deleteText', { label: deleting.label }) : undefined}
        footer={
          <div className={styles.confirm}>
            <Button variant="clearly" onClick={() => setDeleting(null)}>
              {t('common:button.cancel')}
            </Button>
            <Button onClick={confirmDelete} loading={remove.isPending} className={styles.danger}>
              {t('account:address.delete')}
            </Button>
          </div>
        }
      />
    </>
  );
}

function Details({ address }: { address: Address }) {
  const { t } = useTranslation('account');
  const parts = [
    address.entrance !== null && t('account:address.entranceShort', { value: address.entrance }),
    address.floor !== null && t('account:address.floorShort', { value: address.floor }),
    address.apartment !== null && t('account:address.apartmentShort', { value: address.apartment }),
    address.intercom && t('account:address.intercomShort', { value: address.intercom }),
  ].filter(Boolean);
  return (
    <>
      {parts.length > 0 && <p className={styles.cardDetails}>{parts.join(' · ')}</p>}
      {address.comment && <p className={styles.cardComment}>{address.comment}</p>}
    </>
  );
}
