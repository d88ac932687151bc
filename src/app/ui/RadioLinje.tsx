import type { ReactNode } from 'react';

/** One choice of a radio group written out by hand: the radio button and its text in one label. */
export function RadioLinje({
  name,
  checked,
  onVaelg,
  className,
  children,
}: {
  name: string;
  checked: boolean;
  onVaelg(): void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <input type="radio" name={name} checked={checked} onChange={onVaelg} />
      {children}
    </label>
  );
}
