import clsx from 'clsx';
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { FieldShell, useFieldIds, type FieldProps } from './field';
import styles from './input.module.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldProps {
  /** Options to render; `children` (<option>/<optgroup>) may be used instead or in addition. */
  options?: readonly SelectOption[];
  /** Text of a first, empty and unselectable option shown while nothing is chosen. */
  placeholder?: string;
}

/** Native <select>, styled, with the same label / hint / error API as `Input`. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  {
    label,
    hint,
    error,
    containerClassName,
    className,
    id,
    options,
    placeholder,
    children,
    required,
    disabled,
    multiple,
    value,
    defaultValue,
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
      <div className={clsx(styles.control, !multiple && styles.withChevron)}>
        <select
          {...rest}
          ref={ref}
          id={ids.id}
          required={required}
          disabled={disabled}
          multiple={multiple}
          value={value}
          // Without a value of its own, the select starts on the placeholder instead of the first option.
          defaultValue={value === undefined && defaultValue === undefined && placeholder !== undefined && !multiple ? '' : defaultValue}
          aria-invalid={ids.invalid || undefined}
          aria-describedby={ids.describedBy}
          className={clsx(styles.input, styles.select, multiple && styles.multiple, className)}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options?.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
        {!multiple && (
          <svg className={styles.chevron} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        )}
      </div>
    </FieldShell>
  );
});
