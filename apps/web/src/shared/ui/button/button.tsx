import clsx from 'clsx';
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { useTranslation } from '../../i18n';
import { Link, type LinkProps } from 'react-router';
import { Spinner } from '../spinner/spinner';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'clearly';
export type ButtonSize = 'sm' | 'md';

interface ButtonLookProps {
  /** primary (filled accent), secondary (soft fill), outline (bordered), clearly (text-like). */
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretches to the width of its container. */
  fullWidth?: boolean;
}

/** The class list shared by `Button` and `ButtonLink`, for anything else that must look like a button. */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  className,
}: ButtonLookProps & { className?: string | undefined }) {
  return clsx(styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth, className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLookProps {
  /** Replaces the label with a spinner and t('common:button.loading'); disables the button and sets aria-busy. */
  loading?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, fullWidth, loading = false, disabled, type = 'button', className, children, ...rest },
  ref,
) {
  const { t } = useTranslation('common');
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClassName({ variant, size, fullWidth, className })}
      data-variant={variant ?? 'primary'}
      data-size={size ?? 'md'}
    >
      {loading ? (
        <>
          <Spinner size="sm" decorative />
          <span>{t('common:button.loading')}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
});

export interface ButtonLinkProps extends LinkProps, ButtonLookProps {}

/** A react-router `Link` that looks exactly like a `Button`. */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { variant, size, fullWidth, className, ...rest },
  ref,
) {
  return (
    <Link
      {...rest}
      ref={ref}
      className={buttonClassName({ variant, size, fullWidth, className: className as string | undefined })}
      data-variant={variant ?? 'primary'}
      data-size={size ?? 'md'}
    />
  );
});
