import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import styles from './input.module.css';

/** The label / hint / error API shared by Input, TextArea and Select. */
export interface FieldProps {
  /** Visible label, linked to the control. */
  label?: ReactNode;
  /** Helper text under the control (linked with aria-describedby). */
  hint?: ReactNode;
  /** Error message; when present the control gets aria-invalid and the message is linked with aria-describedby. */
  error?: ReactNode;
  /** Class of the outer wrapper (the control itself takes `className`). */
  containerClassName?: string;
}

export interface FieldIds {
  id: string;
  hintId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
  invalid: boolean;
}

/** Works out the ids and aria wiring of a field. */
export function useFieldIds(
  { id, hint, error }: { id?: string | undefined; hint?: ReactNode; error?: ReactNode },
  ariaDescribedBy?: string,
  ariaInvalid?: boolean | 'true' | 'false' | 'grammar' | 'spelling',
): FieldIds {
  const autoId = useId();
  const controlId = id ?? `field-${autoId}`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const hasHint = hint !== undefined && hint !== null && hint !== false && hint !== '';
  const hintId = hasHint ? `${controlId}-hint` : undefined;
  const errorId = hasError ? `${controlId}-error` : undefined;
  const describedBy = [ariaDescribedBy, errorId, hintId].filter(Boolean).join(' ') || undefined;
  const invalid = hasError || ariaInvalid === true || ariaInvalid === 'true';
  return { id: controlId, hintId, errorId, describedBy, invalid };
}

interface FieldShellProps extends FieldProps {
  ids: FieldIds;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  children: ReactNode;
}

/** Label above, control, then error and hint below. */
export function FieldShell({ label, hint, error, containerClassName, ids, required, disabled, children }: FieldShellProps) {
  return (
    <div
      className={clsx(styles.field, containerClassName)}
      data-invalid={ids.invalid || undefined}
      data-disabled={disabled || undefined}
    >
      {label !== undefined && label !== null && label !== '' && (
        <label className={styles.label} htmlFor={ids.id}>
          {label}
          {required && (
            <span className={styles.required} aria-hidden="true">
              *
            </span>
          )}
        </label>
      )}
      {children}
      {ids.errorId && (
        <p className={styles.error} id={ids.errorId}>
          <svg className={styles.errorIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M8 4.5v4.25" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
            <circle cx="8" cy="11.25" r="0.9" fill="currentColor" />
          </svg>
          <span>{error}</span>
        </p>
      )}
      {ids.hintId && (
        <p className={styles.hint} id={ids.hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
