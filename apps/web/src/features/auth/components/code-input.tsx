import { forwardRef, type ChangeEvent } from 'react';
import { CODE_LENGTH } from '@hotel/domain';
import { Input, type InputProps } from '../../../shared/ui';
import styles from './forms.module.css';

interface CodeInputProps extends InputProps {
  /** Drop every non-digit as it is typed (reset code); otherwise the schema reports it (activation). */
  digitsOnly?: boolean;
}

/** A 6-character one-time-code field. */
export const CodeInput = forwardRef<HTMLInputElement, CodeInputProps>(function CodeInput({ digitsOnly = false, onChange, className, ...rest }, ref) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (digitsOnly) event.target.value = event.target.value.replace(/\D+/g, '').slice(0, CODE_LENGTH);
    onChange?.(event);
  };
  return (
    <Input
      {...rest}
      ref={ref}
      onChange={handleChange}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH}
      className={className ? `${styles.code} ${className}` : styles.code}
    />
  );
});
