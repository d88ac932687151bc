import { ChevronDown } from 'lucide-react';
import {
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

/** Only one navigation dropdown is open at a time (spec 000 §4): the id of the open one. */
let openNavDropdown: string | null = null;
const navListeners = new Set<() => void>();
const navStore = {
  subscribe(listener: () => void) {
    navListeners.add(listener);
    return () => {
      navListeners.delete(listener);
    };
  },
  get: () => openNavDropdown,
  set(id: string | null) {
    openNavDropdown = id;
    for (const l of navListeners) l();
  },
};

function useOpenState(id: string, nav: boolean): [boolean, (open: boolean) => void] {
  const [localOpen, setLocalOpen] = useState(false);
  const openNav = useSyncExternalStore(navStore.subscribe, navStore.get, navStore.get);
  const setOpen = useCallback(
    (open: boolean) => {
      if (!nav) setLocalOpen(open);
      else if (open) navStore.set(id);
      else if (navStore.get() === id) navStore.set(null);
    },
    [id, nav],
  );
  // An open navigation dropdown that goes away leaves none open.
  useEffect(
    () => () => {
      if (nav && navStore.get() === id) navStore.set(null);
    },
    [id, nav],
  );
  return [nav ? openNav === id : localOpen, setOpen];
}

const ITEM_SELECTOR = '[data-dropdown-item]:not([disabled]):not([aria-disabled="true"])';

interface DropdownApi {
  /** Closes the dropdown; with returnFocus the toggle button gets focus back. */
  close(returnFocus?: boolean): void;
  popupRole: 'menu' | 'dialog';
}
const DropdownContext = createContext<DropdownApi | null>(null);

export interface DropdownProps {
  /** Content of the toggle button. */
  label: ReactNode;
  /** Accessible name of the toggle when its content is not enough (an icon only). */
  ariaLabel?: string;
  title?: string;
  /** 'menu' for a list of choices; 'dialog' for a panel with other content (notifications). */
  popupRole?: 'menu' | 'dialog';
  popupLabel?: string;
  /** A navigation dropdown: opening it closes any other one. */
  nav?: boolean;
  align?: 'left' | 'right';
  showChevron?: boolean;
  /** The popup scrolls beyond this height in pixels. */
  maxHeight?: number;
  onOpenChange?(open: boolean): void;
  className?: string;
  buttonClassName?: string;
  popupClassName?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A drop button (spec 000 §4): toggles open and closed, closes after a choice, on an outside click
 * and on Escape (focus back to the toggle). Enter, Space and ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move between items.
 */
export function Dropdown({
  label,
  ariaLabel,
  title,
  popupRole = 'menu',
  popupLabel,
  nav = false,
  align = 'left',
  showChevron = true,
  maxHeight,
  onOpenChange,
  className,
  buttonClassName,
  popupClassName,
  testId,
  children,
}: DropdownProps) {
  const id = useId();
  const [open, setOpen] = useOpenState(id, nav);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');

  const close = useCallback(
    (returnFocus = false) => {
      setOpen(false);
      if (returnFocus) buttonRef.current?.focus();
    },
    [setOpen],
  );

  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current !== open) onOpenChangeRef.current?.(open);
    wasOpen.current = open;
  }, [open]);

  // On opening, focus moves into the popup.
  useEffect(() => {
    if (!open || !popupRef.current) return;
    const items = popupRef.current.querySelectorAll<HTMLElement>(ITEM_SELECTOR);
    const target = focusOnOpen.current === 'last' ? items[items.length - 1] : items[0];
    (target ?? popupRef.current).focus();
    focusOnOpen.current = 'first';
  }, [open]);

  // A click or focus outside closes it.
  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) close();
    };
    document.addEventListener('pointerdown', outside, true);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      document.removeEventListener('focusin', outside);
    };
  }, [open, close]);

  const onButtonKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusOnOpen.current = e.key === 'ArrowUp' ? 'last' : 'first';
      if (open) popupRef.current?.querySelector<HTMLElement>(ITEM_SELECTOR)?.focus();
      else setOpen(true);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close(true);
    }
  };

  const onPopupKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
      return;
    }
    const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
    if (!keys.includes(e.key) || !popupRef.current) return;
    const items = Array.from(popupRef.current.querySelectorAll<HTMLElement>(ITEM_SELECTOR));
    if (items.length === 0) return;
    e.preventDefault();
    const at = items.indexOf(document.activeElement as HTMLElement);
    const last = items.length - 1;
    const next =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? last
          : e.key === 'ArrowDown'
            ? at >= last
              ? 0
              : at + 1
            : at <= 0
              ? last
              : at - 1;
    items[next]?.focus();
  };

  const popupId = `${id}-popup`;
  return (
    <div ref={rootRef} className={`dropdown${open ? ' open' : ''}${className ? ` ${className}` : ''}`}>
      <button
        ref={buttonRef}
        type="button"
        className={`dropdown-toggle${buttonClassName ? ` ${buttonClassName}` : ''}`}
        aria-haspopup={popupRole}
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        aria-label={ariaLabel}
        title={title}
        data-testid={testId}
        onClick={() => setOpen(!open)}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        {showChevron && <ChevronDown size={14} className="dropdown-chevron" aria-hidden="true" />}
      </button>
      {open && (
        <DropdownContext.Provider value={{ close, popupRole }}>
          {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useAriaPropsSupportedByRole: the role is 'menu' or 'dialog', both interactive and named by aria-label */}
          <div
            ref={popupRef}
            id={popupId}
            role={popupRole}
            aria-label={popupLabel ?? ariaLabel}
            tabIndex={-1}
            className={`dropdown-popup align-${align}${popupClassName ? ` ${popupClassName}` : ''}`}
            style={maxHeight ? { maxHeight: `${maxHeight}px`, overflowY: 'auto' } : undefined}
            onKeyDown={onPopupKeyDown}
          >
            {children}
          </div>
        </DropdownContext.Provider>
      )}
    </div>
  );
}

export interface DropdownItemProps {
  children: ReactNode;
  /** Runs on choice (after the dropdown closed). With href, a plain click is handled here instead. */
  onSelect?(): void;
  href?: string;
  /** Opens in a new tab; the click is left to the browser. */
  external?: boolean;
  /** Default true. */
  closeOnSelect?: boolean;
  /** For a choice among several (the customer switcher). */
  checked?: boolean;
  disabled?: boolean;
  className?: string;
  title?: string;
  testId?: string;
}

/** One choice in a Dropdown: a link when it has href, else a button. */
export function DropdownItem({
  children,
  onSelect,
  href,
  external,
  closeOnSelect = true,
  checked,
  disabled,
  className,
  title,
  testId,
}: DropdownItemProps) {
  const api = useContext(DropdownContext);
  const inMenu = api?.popupRole === 'menu';
  const role = inMenu ? (checked === undefined ? 'menuitem' : 'menuitemradio') : undefined;
  const classes = `dropdown-item${className ? ` ${className}` : ''}`;

  const choose = (e: MouseEvent) => {
    if (disabled) {
      e.preventDefault();
      return;
    }
    // Ctrl/Cmd/Shift-click on a link is the browser's business (new tab or window).
    const modified = e.ctrlKey || e.metaKey || e.shiftKey || e.button === 1;
    if (href && (external || modified)) {
      if (closeOnSelect) api?.close();
      return;
    }
    if (href) e.preventDefault();
    if (closeOnSelect) api?.close(true);
    onSelect?.();
  };

  const common = {
    role,
    className: classes,
    title,
    'data-dropdown-item': '',
    'data-testid': testId,
    'aria-checked': role === 'menuitemradio' ? checked : undefined,
    tabIndex: inMenu ? -1 : undefined,
  };
  if (href && !disabled) {
    return (
      <a
        {...common}
        href={href}
        onClick={choose}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {children}
      </a>
    );
  }
  return (
    <button {...common} type="button" disabled={disabled} onClick={choose}>
      {children}
    </button>
  );
}

/** A non-interactive line inside a dropdown (an empty text, a heading). */
export function DropdownText({ children, className }: { children: ReactNode; className?: string }) {
  const api = useContext(DropdownContext);
  return (
    <div role={api?.popupRole === 'menu' ? 'none' : undefined} className={`dropdown-text ${className ?? ''}`}>
      {children}
    </div>
  );
}
