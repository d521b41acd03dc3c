import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { ROOM_IMAGES_MAX, UPLOAD_IMAGE_TYPES, type AdminRoom } from '@hotel/domain';
import { serverDetail } from '../../../shared/api/client';
import { ResponsiveImage } from '../../../shared/media/responsive-image';
import { Spinner, toast } from '../../../shared/ui';
import { photoFile, useDeleteRoomPhoto, useOrderRoomPhotos, useUploadRoomPhoto } from '../api/rooms';
import { AdminIcon } from '../../../shared/admin/icons';
import { imageFileProblem } from '../../../shared/admin/image-field';
import { ConfirmDialog, useConfirmation } from '../../../shared/admin/confirm-dialog';
import { FilePicker } from '../../../shared/admin/file-picker';
import styles from '../../../shared/admin/admin.module.css';
import photoStyles from './room-photos.module.css';

/** A room's photos: upload several, move them, make one the cover (the first), delete. Each change is saved at once. */
export function RoomPhotos({ room }: { room: AdminRoom }) {
  const { t } = useTranslation('admin');
  const inputId = useId();
  const upload = useUploadRoomPhoto();
  const order = useOrderRoomPhotos();
  const remove = useDeleteRoomPhoto();
  // The file, not its place in the list: the list may be read again while the dialog is open.
  const deleting = useConfirmation<{ file: string; n: number }>();
  const [uploading, setUploading] = useState(0);
  const busy = uploading > 0 || order.isPending || remove.isPending;
  const files = room.images.map((image) => photoFile(image.src));

  const fail = (error: unknown) => toast.error(serverDetail(error) ?? t('admin:saveError'));

  async function add(chosen: FileList | null) {
    const list = [...(chosen ?? [])];
    for (const file of list) {
      const problem = imageFileProblem(file);
      if (problem) {
        toast.error(`${file.name}: ${t(problem)}`);
        continue;
      }
      setUploading((n) => n + 1);
      try {
        await upload.mutateAsync({ id: room.id, file });
      } catch (error) {
        fail(error);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  }

  async function deletePhoto(file: string) {
    try {
      await remove.mutateAsync({ id: room.id, file });
    } catch (error) {
      fail(error);
    }
    deleting.close();
  }

  const move = (from: number, to: number) => {
    const next = [...files];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    order.mutate({ id: room.id, files: next }, { onError: fail });
  };

  return (
    <section aria-labelledby={`${inputId}-title`} data-testid="room-photos">
      <div className={styles.toolbar}>
        <h3 id={`${inputId}-title`} className={styles.sectionTitle}>
          {t('admin:photos.title')} <span className={styles.count}>{room.images.length}</span>
        </h3>
        <span className={styles.status} role="status" aria-live="polite">
          {busy && (
            <>
              <Spinner size="sm" /> {uploading > 0 ? t('admin:photos.uploading') : t('admin:photos.saving')}
            </>
          )}
        </span>
      </div>
      {room.images.length === 0 && <p className={styles.hint}>{t('admin:photos.empty')}</p>}
      {room.images.length > 0 && (
        <ul className={photoStyles.photos}>
          {room.images.map((image, index) => (
            <li key={files[index]} className={photoStyles.photo}>
              <ResponsiveImage image={image} sizes="160px" />
              {index === 0 && <span className={photoStyles.cover}>{t('admin:photos.cover')}</span>}
              <div className={photoStyles.photoTools}>
                <button type="button" className={photoStyles.iconButton} disabled={busy || index === 0} onClick={() => move(index, 0)} aria-label={t('admin:photos.makeCover', { n: index + 1 })} title={t('admin:photos.makeCover', { n: index + 1 })}>
                  <AdminIcon name="star" size={18} />
                </button>
                <button type="button" className={photoStyles.iconButton} disabled={busy || index === 0} onClick={() => move(index, index - 1)} aria-label={t('admin:photos.earlier', { n: index + 1 })} title={t('admin:photos.earlier', { n: index + 1 })}>
                  <AdminIcon name="up" size={18} />
                </button>
                <button type="button" className={photoStyles.iconButton} disabled={busy || index === files.length - 1} onClick={() => move(index, index + 1)} aria-label={t('admin:photos.later', { n: index + 1 })} title={t('admin:photos.later', { n: index + 1 })}>
                  <AdminIcon name="down" size={18} />
                </button>
                <button
                  type="button"
                  className={`${photoStyles.iconButton} ${photoStyles.iconDanger}`}
                  disabled={busy}
                  onClick={() => deleting.ask({ file: files[index]!, n: index + 1 })}
                  aria-label={t('admin:photos.delete', { n: index + 1 })}
                  title={t('admin:photos.delete', { n: index + 1 })}
                >
                  <AdminIcon name="trash" size={18} />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.hint}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('admin:photos.add')}
        </label>
        <FilePicker
          id={inputId}
          buttonLabel={t('admin:photos.add')}
          multiple
          accept={UPLOAD_IMAGE_TYPES.join(',')}
          disabled={busy || room.images.length >= ROOM_IMAGES_MAX}
          onChange={(event) => {
            void add(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
          data-testid="room-photo-input"
        />
      </p>
      <p className={styles.hint}>{t('admin:image.hint')}</p>
      <ConfirmDialog
        open={deleting.open}
        title={t('admin:photos.deleteTitle', { n: deleting.subject?.n })}
        confirmLabel={t('admin:delete')}
        busy={remove.isPending}
        onConfirm={() => deleting.subject && void deletePhoto(deleting.subject.file)}
        onClose={deleting.close}
      >
        {t('admin:photos.confirmDelete')}
      </ConfirmDialog>
    </section>
  );
}
