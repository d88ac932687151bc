import { ChevronDown, ChevronRight } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';

/** A titled section that opens and closes; the title is a button with aria-expanded. */
export function Collapsible({
  title,
  defaultOpen = false,
  children,
  className,
}: {
  title: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <section className={`collapsible${className ? ` ${className}` : ''}`}>
      <button
        type="button"
        className="collapsible-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronRight size={14} aria-hidden="true" />}
        {title}
      </button>
      <div id={id} className="collapsible-body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
