import { useTranslation } from '../i18n';
import { Button } from '../ui';
import { AdminIcon } from './icons';
import styles from './admin.module.css';

interface FormFooterProps {
  /** Save (an existing item) or create (a new one). */
  editing: boolean;
  saving: boolean;
  onCancel: () => void;
  /** Asks to delete the item; no delete button when absent (a new item, or one that cannot go). */
  onDelete?: (() => void) | undefined;
  deleting?: boolean;
  deleteTestId?: string;
}

/** The admin dialogs' last row: delete on the left, cancel and save (or create) on the right. */
export function FormFooter({ editing, saving, onCancel, onDelete, deleting = false, deleteTestId }: FormFooterProps) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <div className={styles.footerRow}>
      {onDelete && (
        <Button variant="outline" onClick={onDelete} loading={deleting} data-testid={deleteTestId}>
          <AdminIcon name="trash" size={18} /> {t('admin:delete')}
        </Button>
      )}
      <div className={styles.actions}>
        <Button variant="clearly" onClick={onCancel}>
          {t('common:button.cancel')}
        </Button>
        <Button type="submit" loading={saving}>
          {editing ? t('admin:save') : t('admin:create')}
        </Button>
      </div>
    </div>
  );
}
