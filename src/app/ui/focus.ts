/** Elements a keyboard user can reach with Tab. */
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export function focusableWithin(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && !el.closest('[hidden]') && el.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * Marks a view's primary focus target: where the keyboard is expected when its tile receives focus
 * (by the palette, a tile shortcut or opening). A focusable element takes focus itself (a table's
 * row grid); a container (a form, a region, a list) gives it to its first enabled field, else to its
 * first focusable element. The first mark in page order wins; a mark inside a mark wins over it.
 */
export const PRIMARY_FOCUS_ATTR = 'data-primaer-fokus';
/** Spread onto an element to mark it: `<form {...primaryFocus}>`. */
export const primaryFocus = { [PRIMARY_FOCUS_ATTR]: '' } as const;

const FIELD = /^(INPUT|SELECT|TEXTAREA)$/;
const isField = (el: HTMLElement) =>
  FIELD.test(el.tagName) || el.getAttribute('role') === 'combobox' || el.isContentEditable;

/** Whether the element is drawn (not display:none, e.g. content React hides while it loads more). */
export const isShown = (el: HTMLElement) =>
  typeof el.checkVisibility === 'function' ? el.checkVisibility() : true;
const shown = isShown;

/** The first enabled field (input, select, text area, combobox) inside root, in page order. */
export function firstField(root: HTMLElement): HTMLElement | null {
  return focusableWithin(root).find((el) => isField(el) && !el.hasAttribute('readonly') && shown(el)) ?? null;
}

/** Puts the cursor in root's first enabled field; answers whether there was one. */
export function focusFirstField(root: HTMLElement | null): boolean {
  const field = root ? firstField(root) : null;
  field?.focus();
  return !!field;
}

const isFocusable = (el: HTMLElement) => el.matches(FOCUSABLE) || el.getAttribute('tabindex') === '-1';

/** What a marked element hands focus to (see PRIMARY_FOCUS_ATTR), or null while it has nothing. */
function resolveMark(mark: HTMLElement): HTMLElement | null {
  const inner = firstMark(mark);
  if (inner) return resolveMark(inner);
  if (isFocusable(mark) && !mark.matches(':disabled')) return mark;
  return firstField(mark) ?? focusableWithin(mark).find(shown) ?? null;
}

const firstMark = (root: HTMLElement) =>
  Array.from(root.querySelectorAll<HTMLElement>(`[${PRIMARY_FOCUS_ATTR}]`)).find(shown) ?? null;

/** The primary focus target inside root (a tile), or null when its view has none (yet). */
export function primaryTarget(root: HTMLElement): HTMLElement | null {
  const mark = firstMark(root);
  return mark ? resolveMark(mark) : null;
}

/** Dialogs, the palette and open menus: focus there is passing, not a place to come back to. */
const OVERLAY = '[role="dialog"], [role="alertdialog"], [cmdk-root], [role="menu"]';
export const isInOverlay = (el: Element | null): boolean => !!el?.closest(OVERLAY);

/**
 * The last element outside overlays that had focus, so an overlay can give focus back even when the
 * element that opened it had already let go of focus (the palette closes before a dialog opens).
 */
let lastOutsideOverlay: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (e) => {
      const target = e.target;
      if (target instanceof HTMLElement && !isInOverlay(target)) lastOutsideOverlay = target;
    },
    true,
  );
}

/**
 * Where focus should go back to when an overlay that opens now closes: the focused element, or, if
 * focus has fallen to the page itself, the last element outside overlays that had it.
 */
export function focusToReturn(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  return lastOutsideOverlay?.isConnected ? lastOutsideOverlay : null;
}

/** Moves focus back to an element that had it, if it is still on the page. */
export function restoreFocus(el: Element | null): void {
  if (el instanceof HTMLElement && el.isConnected) el.focus();
}
