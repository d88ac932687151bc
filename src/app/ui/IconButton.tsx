import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';

/** A small icon-only button (a table row's action): the icon, and its text for screen readers in `label`. */
export function IconButton({
  icon: Icon,
  label,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'children' | 'aria-label'> & {
  icon: LucideIcon;
  label: string;
}) {
  return (
    <button {...rest} type="button" className="icon-button" aria-label={label}>
      <Icon size={13} aria-hidden="true" />
    </button>
  );
}
