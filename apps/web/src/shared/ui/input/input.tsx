import clsx from 'clsx';
import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from '../../i18n';
import { FieldShell, useFieldIds, type FieldProps } from './field';
import styles from './input.module.css';

export type InputVariant = 'regular' | 'password' | 'upper';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'>, FieldProps {
  /**
   * regular: a plain text field (any `type`);
   * password: type="password" with a show/hide toggle;
   * upper: shows its text in capitals (CSS only, the value is unchanged) — for codes.
   */
  variant?: InputVariant;
}

/** Text field with label, hint and error. Forwards its ref to the <input>, so `register()` works. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  {
    variant = 'regular',
    label,
    hint,
    error,
    containerClassName,
    className,
    id,
    type,
    required,
    disabled,
    'aria-describedby': ariaDescribedBy,
    'aria-invalid': ariaInvalid,
    ...rest
  },
  ref,
) {
  const { t } = useTranslation('common');
  const [revealed, setRevealed] = useState(false);
  const ids = useFieldIds({ id, hint, error }, ariaDescribedBy, ariaInvalid);
  const isPassword = variant === 'password';
  const isUpper = variant === 'upper';
  const inputType = isPassword ? (revealed ? 'text' : 'password') : (type ?? 'text');

  const upperDefaults: InputHTMLAttributes<HTMLInputElement> = isUpper
    ? { autoCapitalize: 'characters', autoCorrect: 'off', spellCheck: false }
    : {};

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
      <div className={clsx(styles.control, isPassword && styles.withAction)}>
        <input
          {...upperDefaults}
          {...rest}
          ref={ref}
          id={ids.id}
          type={inputType}
          required={required}
          disabled={disabled}
          aria-invalid={ids.invalid || undefined}
          aria-describedby={ids.describedBy}
          className={clsx(styles.input, isUpper && styles.upper, className)}
          data-variant={variant}
        />
        {isPassword && (
          <button
            type="button"
            className={styles.action}
            onClick={() => setRevealed((value) => !value)}
            aria-label={revealed ? t('common:input.hidePassword') : t('common:input.showPassword')}
            aria-pressed={revealed}
            aria-controls={ids.id}
            disabled={disabled}
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        )}
      </div>
    </FieldShell>
  );
});

function EyeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M2.5 12s3.5-6.5 9.5-6.5 9.5 6.5 9.5 6.5-3.5 6.5-9.5 6.5S2.5 12 2.5 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M10.6 5.6A9.6 9.6 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a16.6 16.6 0 0 1-2.7 3.4M6.6 6.7C3.9 8.4 2.5 12 2.5 12s3.5 6.5 9.5 6.5a9.3 9.3 0 0 0 4.8-1.3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      <path d="m3.5 3.5 17 17" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
