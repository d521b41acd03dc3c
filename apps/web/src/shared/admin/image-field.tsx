import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from '../i18n';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@hotel/domain';
import styles from './admin.module.css';
import fieldStyles from './image-field.module.css';
import { FilePicker } from './file-picker';

/** The browser's first look at a chosen file; the server checks its content again (415, 413). */
export function imageFileProblem(file: File | null | undefined): string | undefined {
  if (!file) return undefined;
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'admin:image.notImage';
  if (file.size > UPLOAD_MAX_BYTES) return 'admin:image.tooLarge';
  return undefined;
}

interface ImageFieldProps {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** The picture there is now, shown until another is chosen. */
  current?: string | null;
  error?: string | undefined;
  multiple?: false;
}

/** An optional picture (images only, ADM-23), with a preview of the chosen one. */
export function ImageField({ label, file, onChange, current, error }: ImageFieldProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? current;
  return (
    <div>
      <label className={styles.legend} htmlFor={id}>
        {label}
      </label>
      <div className={fieldStyles.fileRow}>
        {shown && <img className={fieldStyles.preview} src={shown} alt="" />}
        <FilePicker
          id={id}
          buttonLabel={t('admin:image.choose')}
          // Beside a picture there is now, "no file chosen" would read as if it were gone.
          fileName={file?.name ?? (shown ? undefined : null)}
          accept={UPLOAD_IMAGE_TYPES.join(',')}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
        />
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('admin:image.hint')}
      </p>
      {error && (
        <p className={fieldStyles.fieldError} role="alert">
          {t(error)}
        </p>
      )}
    </div>
  );
}
