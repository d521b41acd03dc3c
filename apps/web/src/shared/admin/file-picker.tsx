import type { InputHTMLAttributes } from 'react';
import { useTranslation } from '../i18n';
import { buttonClassName } from '../ui';
import styles from './image-field.module.css';

interface FilePickerProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> {
  id: string;
  /** The button's words: "Choose a picture", "Add photos". */
  buttonLabel: string;
  /** The chosen file's name beside the button; undefined shows nothing there (a picker that uploads at once). */
  fileName?: string | null | undefined;
}

/**
 * A file input that speaks the page's language. The browser's own one writes "Choose File" and
 * "No file chosen" in the browser's language whatever the page's is. The real input stays in the
 * page, visually hidden, so keyboard, screen readers, labels and tests reach it as before; the
 * button beside it is its label, and hidden from screen readers, which announce the input itself.
 */
export function FilePicker({ id, buttonLabel, fileName, ...input }: FilePickerProps) {
  const { t } = useTranslation('admin');
  return (
    <span className={styles.filePicker}>
      <input id={id} type="file" className={`visually-hidden ${styles.fileInput}`} {...input} />
      <label htmlFor={id} className={buttonClassName({ variant: 'outline', size: 'sm' })} aria-hidden="true">
        {buttonLabel}
      </label>
      {fileName !== undefined && (
        <span className={styles.fileName} aria-hidden="true">
          {fileName || t('admin:image.noFile')}
        </span>
      )}
    </span>
  );
}
