import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { z } from 'zod';
import { textIn, TEXT_MAX, textParts, type AdminConvenience } from '@hotel/domain';
import { serverDetail } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Form } from '../../../shared/forms/form';
import { Button, Modal, Spinner, toast } from '../../../shared/ui';
import { useConveniences, useDeleteConvenience, useSaveConvenience } from '../api/conveniences';
import { BilingualFields } from '../../../shared/admin/bilingual-fields';
import { FormFooter } from '../../../shared/admin/form-footer';
import { ConfirmDialog } from '../../../shared/admin/confirm-dialog';
import { AdminIcon } from '../../../shared/admin/icons';
import { ImageField, imageFileProblem } from '../../../shared/admin/image-field';
import styles from '../../../shared/admin/admin.module.css';

/** The Amenities tab (ADM-20..25): cards with picture, description and id; add, edit, delete. */
export function AmenitiesTab() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const conveniences = useConveniences();
  // null: closed; 'new': adding; a number: editing that amenity.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [shown, setShown] = useState<number | 'new' | null>(null);
  if (editing !== null && editing !== shown) setShown(editing);
  const current = typeof shown === 'number' ? conveniences.data?.find((c) => c.id === shown) : undefined;

  return (
    <div>
      <div className={styles.toolbar}>
        <p className={styles.status}>{conveniences.isFetching && <Spinner size="sm" />}</p>
        <Button onClick={() => setEditing('new')} data-testid="add-amenity">
          <AdminIcon name="plus" size={18} /> {t('admin:amenities.add')}
        </Button>
      </div>
      {conveniences.isError && <p className={styles.error}>{t('admin:loadError')}</p>}
      {conveniences.data && conveniences.data.length === 0 && <p className={styles.empty}>{t('admin:amenities.empty')}</p>}
      {conveniences.data && conveniences.data.length > 0 && (
        <ul className={styles.grid} data-testid="admin-amenities">
          {conveniences.data.map((c) => (
            <li key={c.id}>
              <button type="button" className={styles.card} onClick={() => setEditing(c.id)} data-testid="admin-amenity-card">
                {c.image ? (
                  <img className={styles.cardImageSmall} src={c.image} alt="" loading="lazy" />
                ) : (
                  <span className={styles.placeholder}>
                    <AdminIcon name="image" size={28} />
                  </span>
                )}
                <span className={styles.cardBody}>
                  <span className={styles.cardTitle}>{textIn(c.description, language)}</span>
                  <span className={styles.meta}>
                    <span className={styles.badge}>id {c.id}</span>
                    <span>{t('admin:amenities.inRooms', { count: c.room_count })}</span>
                    {!c.description.en && <span className={`${styles.badge} ${styles.badgeWarn}`}>{t('admin:language.noEnglish')}</span>}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={shown === 'new' ? t('admin:amenities.addTitle') : t('admin:amenities.editTitle')}
        size="medium"
      >
        {shown === 'new' && <AmenityForm key="new" onDone={() => setEditing(null)} />}
        {current && <AmenityForm key={current.id} amenity={current} onDone={() => setEditing(null)} />}
      </Modal>
    </div>
  );
}

const descriptionParts = textParts(TEXT_MAX.description);
const amenityFormSchema = z.object({ description: z.object(descriptionParts) });

function AmenityForm({ amenity, onDone }: { amenity?: AdminConvenience; onDone: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const save = useSaveConvenience();
  const remove = useDeleteConvenience();
  const [file, setFile] = useState<File | null>(null);
  const fileProblem = imageFileProblem(file);
  const [confirming, setConfirming] = useState(false);
  const fail = (error: unknown) => toast.error(serverDetail(error) ?? t('admin:saveError'));

  const onSubmit = async (values: z.output<typeof amenityFormSchema>) => {
    if (fileProblem) return;
    try {
      await save.mutateAsync({ id: amenity?.id, description: values.description, file });
      toast.success(t('admin:saved'));
      onDone();
    } catch (error) {
      fail(error);
    }
  };

  async function onDelete() {
    if (!amenity) return;
    try {
      await remove.mutateAsync(amenity.id);
      toast.success(t('admin:deleted'));
      onDone();
    } catch (error) {
      fail(error);
    }
    setConfirming(false);
  }

  return (
    <>
      <Form schema={amenityFormSchema} options={{ defaultValues: { description: amenity?.description ?? { ru: '', en: '' } } }} className={styles.form} onSubmit={onSubmit} data-testid="amenity-form">
        {(form) => {
          const { errors, isSubmitting } = form.formState;
          return (
            <>
              <BilingualFields label={t('admin:amenities.description')} ru={form.register('description.ru')} en={form.register('description.en')} errors={errors.description} />
              <ImageField label={t('admin:amenities.image')} file={file} onChange={setFile} current={amenity?.image} error={fileProblem} />
              <FormFooter
                editing={Boolean(amenity)}
                saving={isSubmitting}
                onCancel={onDone}
                onDelete={amenity && (() => setConfirming(true))}
                deleting={remove.isPending}
                deleteTestId="delete-amenity"
              />
            </>
          );
        }}
      </Form>
      {amenity && (
        <ConfirmDialog
          open={confirming}
          title={t('admin:amenities.deleteTitle')}
          confirmLabel={t('admin:delete')}
          busy={remove.isPending}
          onConfirm={() => void onDelete()}
          onClose={() => setConfirming(false)}
        >
          {amenity.room_count > 0 ? t('admin:amenities.confirmDeleteUsed', { count: amenity.room_count }) : t('admin:amenities.confirmDelete')}
        </ConfirmDialog>
      )}
    </>
  );
}
