import clsx from 'clsx';
import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { FieldShell, useFieldIds, type FieldProps } from './field';
import styles from './input.module.css';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldProps {}

/** Multi-line text field with the same label / hint / error API as `Input`. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  {
    label,
    hint,
    error,
    containerClassName,
    className,
    id,
    rows = 4,
    required,
    disabled,
    'aria-describedby': ariaDescribedBy,
    'aria-invalid': ariaInvalid,
    ...rest
  },
  ref,
) {
  const ids = useFieldIds({ id, hint, error }, ariaDescribedBy, ariaInvalid);
  return (
    <FieldShell
      label={label}
      hint={hint}
      error={error}
      containerClassName={containerClassName}
      ids={ids}
      required={required}
      disabled={disabled}
    >
      <div className={styles.control}>
        <textarea
          {...rest}
          ref={ref}
          id={ids.id}
          rows={rows}
          required={required}
          disabled={disabled}
          aria-invalid={ids.invalid || undefined}
          aria-describedby={ids.describedBy}
          className={clsx(styles.input, styles.textarea, className)}
        />
      </div>
    </FieldShell>
  );
});
