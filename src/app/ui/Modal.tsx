import { X } from 'lucide-react';
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import { createPortal } from 'react-dom';
import { openLayer } from '../lib/keyboard';
import { focusableWithin, focusToReturn, registerFocusHome, returnFocus } from './focus';

export type ModalSize = 'small' | 'medium' | 'large' | 'x-large';

/** Spec 000 §9: a modal body is at most 600px high and scrolls beyond that. */
export const MODAL_BODY_STYLE: CSSProperties = { maxHeight: '600px', overflow: 'auto' };

/** Open modals, innermost last: only the innermost traps focus and answers Escape. */
const openModals: string[] = [];
const isTopmost = (id: string) => openModals.at(-1) === id;

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  /** Escape, the close icon, or the caller's own buttons. */
  onClose(): void;
  size?: ModalSize;
  children?: ReactNode;
  /** Buttons row under the body. */
  footer?: ReactNode;
  hideCloseIcon?: boolean;
  /** Overrides the default body style (maxHeight 600px, overflow auto). */
  bodyStyle?: CSSProperties;
  className?: string;
  testId?: string;
}

/**
 * A modal dialog (spec 000 §4): traps keyboard focus while visible, closes on Escape and on the
 * close icon, and gives focus back to where it was when it closes. Rendered into document.body.
 */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return createPortal(<ModalPanel {...props} />, document.body);
}

function ModalPanel({
  title,
  onClose,
  size = 'medium',
  children,
  footer,
  hideCloseIcon,
  bodyStyle,
  className,
  testId,
}: ModalProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useLayoutEffect(() => {
    // Where the user was: the focused element, or the last one before focus fell to the page
    // (a dialog opened by the palette opens after the palette has closed).
    const previous = focusToReturn();
    openModals.push(id);
    // While a modal is open only its own keys are live (the keyboard focus stack's modal layer).
    const closeLayer = openLayer('modal');
    const dialog = dialogRef.current;
    if (dialog) initialFocus(dialog).focus();
    // A step that removes or disables the control with focus (Kontrollér, Opret) gives focus back
    // inside the dialog, never to the page.
    const endHome = dialog ? registerFocusHome(dialog, () => initialFocus(dialog)) : () => {};
    return () => {
      const at = openModals.lastIndexOf(id);
      if (at >= 0) openModals.splice(at, 1);
      endHome();
      closeLayer();
      // Back where the user was; if the action started here disabled or removed it, to its tile.
      returnFocus(previous);
    };
  }, [id]);

  // Escape closes the innermost modal wherever focus is, also when it has fallen out of the dialog.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const dialog = dialogRef.current;
      if (e.key !== 'Escape' || e.defaultPrevented || !dialog || !isTopmost(id)) return;
      if (e.target instanceof Node && dialog.contains(e.target)) return;
      e.preventDefault();
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [id]);

  // Focus that lands outside the innermost modal (a click on the page behind) is pulled back in.
  useEffect(() => {
    const onFocusIn = (e: FocusEvent) => {
      const dialog = dialogRef.current;
      if (!dialog || !isTopmost(id) || dialog.contains(e.target as Node)) return;
      initialFocus(dialog).focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [id]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const dialog = dialogRef.current;
    if (!dialog || !isTopmost(id)) return;
    if (e.key === 'Escape') {
      e.stopPropagation();
      e.preventDefault();
      onCloseRef.current();
      return;
    }
    if (e.key !== 'Tab') return;
    e.stopPropagation();
    const items = focusableWithin(dialog);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      e.preventDefault();
      dialog.focus();
      return;
    }
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === dialog)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`modal modal-${size}${className ? ` ${className}` : ''}`}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {!hideCloseIcon && (
            <button
              type="button"
              className="icon-button modal-close"
              aria-label="Close"
              title="Luk"
              onClick={() => onCloseRef.current()}
            >
              <X size={16} aria-hidden="true" />
            </button>
          )}
        </div>
        <div className="modal-body" style={bodyStyle ?? MODAL_BODY_STYLE}>
          {children}
        </div>
        {footer && <div className="modal-footer">{footer}</div>}
      </div>
    </div>
  );
}

/** The element to focus on opening: [data-autofocus], else the body's first control, else the footer's. */
function initialFocus(dialog: HTMLElement): HTMLElement {
  const marked = dialog.querySelector<HTMLElement>('[data-autofocus]');
  if (marked) return marked;
  const body = dialog.querySelector<HTMLElement>('.modal-body');
  const footer = dialog.querySelector<HTMLElement>('.modal-footer');
  return (body && focusableWithin(body)[0]) ?? (footer && focusableWithin(footer)[0]) ?? dialog;
}
