/** The admin area's "are you sure?": the page's own dialog, used instead of window.confirm. */
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { Button, Modal } from '../ui';
import styles from './confirm-dialog.module.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question; screen readers read it with the title as the dialog opens. */
  children: ReactNode;
  /** What the button does: "Delete", "Cancel the booking". */
  confirmLabel: string;
  /** The action is under way: the button spins and the dialog cannot be closed. */
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Back comes first, so it has the focus when the dialog opens: Enter alone never deletes anything. */
export function ConfirmDialog({ open, title, children, confirmLabel, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !busy && onClose()}
      title={title}
      size="small"
      safe={busy}
      footer={
        <div className={styles.actions}>
          <Button variant="clearly" onClick={onClose} disabled={busy}>
            {t('admin:confirm.back')}
          </Button>
          <Button onClick={onConfirm} loading={busy} data-testid="confirm-action">
            {confirmLabel}
          </Button>
        </div>
      }
    >
      <Dialog.Description asChild>
        <p className={styles.question}>{children}</p>
      </Dialog.Description>
    </Modal>
  );
}

/**
 * Which thing a confirmation asks about. It is kept after the dialog closes, so the question
 * does not go blank while the dialog fades out.
 */
export function useConfirmation<Subject>() {
  const [subject, setSubject] = useState<Subject | null>(null);
  const [open, setOpen] = useState(false);
  return {
    subject,
    open,
    ask: (next: Subject) => {
      setSubject(next);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}
