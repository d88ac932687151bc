import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** Button colours and sizes of spec 000 §9; primary and medium are the defaults. */
export type ButtonColor = 'primary' | 'secondary' | 'dark' | 'danger' | 'warning' | 'success';
export type ButtonSize = 'x-small' | 'small' | 'medium' | 'large' | 'x-large';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  color?: ButtonColor;
  size?: ButtonSize;
  /** While true the button shows its loading text and a spinner, and is disabled (spec 000 §4). */
  loading?: boolean;
  loadingText?: ReactNode;
}

export function Button({
  color = 'primary',
  size = 'medium',
  loading = false,
  loadingText,
  disabled,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const classes = ['button', color, size === 'medium' ? '' : `size-${size}`, className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <span className="spinner small" aria-hidden="true" />}
      {loading && loadingText !== undefined ? loadingText : children}
    </button>
  );
}

/** A button that shows a spinner and its loading text while busy; the usual choice for save buttons. */
export function SpinnerButton(props: ButtonProps & { loading: boolean; loadingText: ReactNode }) {
  return <Button {...props} />;
}
