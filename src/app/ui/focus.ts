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

/**
 * A form that has just opened for a new record ('Ny periode', N): scrolled into view in its tile
 * (its top first when it is taller than the tile), the cursor in its first enabled field. Answers
 * whether a field took focus.
 */
export function openForm(form: HTMLElement | null): boolean {
  if (!form) return false;
  form.scrollIntoView?.({ block: 'nearest' });
  const field = firstField(form);
  field?.focus();
  // Content above it may still be drawing (the list's rows, a chart): once it has, the form is
  // brought into view again while the cursor is still in its field.
  const igen = () => {
    // The page may be gone by then (a test's document torn down): the field's own document is asked.
    if (field?.isConnected && field.ownerDocument.activeElement === field)
      form.scrollIntoView?.({ block: 'nearest' });
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(igen);
  setTimeout(igen, 300);
  return !!field && document.activeElement === field;
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

// ---- focus homes: focus that a change on the page takes away comes back to a control nearby

/**
 * A focus home is a region that gets focus back when the element focused inside it is removed,
 * disabled or hidden by a change (a save that closes its form, a button disabled while it works, a
 * dialog step that replaces its buttons): a tile, a dialog. Focus then never falls to the page
 * (`<body>`), where no tile or dialog hears the keys. The home must be focusable (tabindex -1) and
 * handle keys itself: while the lost control is only disabled, the home holds focus and gives it back
 * to that control when it is usable again; a removed control's place is taken by `target()` (the
 * home's own choice: the saved row, the form's first field), else its primary focus target, else
 * the home itself.
 */
export const FOCUS_HOME_ATTR = 'data-fokus-hjem';
type HomeTarget = (lost: HTMLElement | null) => HTMLElement | null;
const homeTargets = new WeakMap<HTMLElement, HomeTarget>();
/** Where focus goes when the lost control had no home left on the page (the workspace's focused tile). */
let fallback: (() => void) | null = null;

/** Makes `home` a focus home (it gets the attribute); returns the function that ends it. */
export function registerFocusHome(home: HTMLElement, target: HomeTarget = () => null): () => void {
  home.setAttribute(FOCUS_HOME_ATTR, '');
  homeTargets.set(home, target);
  return () => {
    if (homeTargets.get(home) === target) {
      homeTargets.delete(home);
      home.removeAttribute(FOCUS_HOME_ATTR);
    }
  };
}

/** Sets where focus goes when nothing else can take it (one caller: the workspace). */
export function setFocusFallback(f: (() => void) | null): void {
  fallback = f;
}

/** Whether a control can hold focus now: on the page, enabled and drawn. */
export const isUsable = (el: HTMLElement) => el.isConnected && !el.matches(':disabled') && isShown(el);

const homesOf = (el: HTMLElement): HTMLElement[] => {
  const homes: HTMLElement[] = [];
  for (let at = el.closest<HTMLElement>(`[${FOCUS_HOME_ATTR}]`); at; ) {
    homes.push(at);
    at = at.parentElement?.closest<HTMLElement>(`[${FOCUS_HOME_ATTR}]`) ?? null;
  }
  return homes;
};

/** The control that had focus last and the homes it was in, innermost first (kept for when it is gone). */
let last: { el: HTMLElement; homes: HTMLElement[] } | null = null;
/** A control disabled or hidden while its home holds focus: it gets focus back once usable again. */
let waiting: { el: HTMLElement; home: HTMLElement; until: number; removed?: number } | null = null;
const WAIT_MS = 15_000;
/** How long a removed control's twin (the same field of the redrawn form) is waited for. */
const TWIN_MS = 3_000;

/**
 * The control that stands where `el` stood once its form is drawn again: the home's control with the
 * same name. null while none is drawn yet; undefined when `el` has no name to look for.
 */
function twinOf(el: HTMLElement, home: HTMLElement): HTMLElement | null | undefined {
  const name = el.getAttribute('name');
  if (!name) return undefined;
  return home.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
}

const focusOn = (el: HTMLElement | null | undefined): boolean => {
  if (!el) return false;
  el.focus({ preventScroll: el.hasAttribute(FOCUS_HOME_ATTR) });
  return document.activeElement === el;
};

/** Focus has fallen to the page, or sits on a control that was disabled under it. */
const dropped = () => {
  const active = document.activeElement;
  return (
    active === null ||
    active === document.body ||
    (active instanceof HTMLElement && active.matches(':disabled'))
  );
};

/** Puts focus back inside one of `homes` (innermost first) after `lost` lost it; answers whether it did. */
function recoverIn(lost: HTMLElement | null, homes: readonly HTMLElement[]): boolean {
  for (const home of homes) {
    if (!home.isConnected || !isShown(home)) continue;
    if (lost?.isConnected && home.contains(lost) && !lost.matches('[inert] *')) {
      // Disabled or hidden for a moment (the button of a running save): the home holds the keys.
      if (focusOn(home)) {
        waiting = { el: lost, home, until: Date.now() + WAIT_MS };
        return true;
      }
    }
    const own = homeTargets.get(home)?.(lost) ?? null;
    if (
      focusOn(own) ||
      focusOn(primaryTarget(home)) ||
      focusOn(focusableWithin(home).find(isShown)) ||
      focusOn(home)
    )
      return true;
  }
  return false;
}

/** Focus to a home's own choice, else its primary target, else its first control, else itself. */
export const focusHome = (home: HTMLElement): boolean => recoverIn(null, [home]);

/**
 * Gives focus back to `el` (where the user was before a dialog opened), or, when it cannot take it
 * now (disabled by the action the dialog started, removed), to a control of its home.
 */
export function returnFocus(el: Element | null): void {
  if (!(el instanceof HTMLElement)) return;
  if (isUsable(el) && focusOn(el)) return;
  if (!dropped()) return;
  if (el.isConnected) {
    if (!recoverIn(el, homesOf(el))) fallback?.();
  } else if (last && !recoverIn(null, last.homes)) fallback?.();
}

function check(): void {
  if (waiting) {
    const w = waiting;
    if (document.activeElement !== w.home || Date.now() > w.until) waiting = null;
    else if (isUsable(w.el)) {
      waiting = null;
      focusOn(w.el);
      return;
    } else if (!w.el.isConnected) {
      // Removed while waiting (a saved new record's form redrawn as the record's): its twin by
      // name, once drawn, gets focus; the home holds it meanwhile, for at most TWIN_MS.
      const twin = twinOf(w.el, w.home);
      if (twin && isUsable(twin)) {
        waiting = null;
        focusOn(twin);
        return;
      }
      w.removed ??= Date.now();
      if (twin === undefined || Date.now() - w.removed > TWIN_MS) {
        waiting = null;
        recoverIn(null, [w.home]);
      }
      return;
    }
  }
  if (!dropped() || !last) return;
  const { el, homes } = last;
  // Focus left on purpose (a click on the page outside any control): the control is still usable.
  if (isUsable(el)) return;
  // A named field removed with its form (redrawn as the saved record's): wait for its twin.
  const home = homes.find((h) => h.isConnected && isShown(h));
  if (!el.isConnected && home) {
    const twin = twinOf(el, home);
    if (twin && isUsable(twin) && focusOn(twin)) return;
    if (twin === null && focusOn(home)) {
      waiting = { el, home, until: Date.now() + WAIT_MS, removed: Date.now() };
      return;
    }
  }
  if (!recoverIn(el, homes)) fallback?.();
}

if (typeof document !== 'undefined' && typeof MutationObserver !== 'undefined') {
  document.addEventListener(
    'focusin',
    (e) => {
      const target = e.target;
      if (!(target instanceof HTMLElement)) return;
      if (waiting && target !== waiting.home) waiting = null;
      if (target.hasAttribute(FOCUS_HOME_ATTR) && last && target.contains(last.el)) return;
      last = { el: target, homes: homesOf(target) };
    },
    true,
  );
  // The user takes over: a key pressed or a click while the home holds focus ends the wait.
  const stopWaiting = () => {
    waiting = null;
  };
  document.addEventListener('pointerdown', stopWaiting, true);
  document.addEventListener('keydown', stopWaiting, true);
  const start = () =>
    new MutationObserver(check).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled', 'hidden', 'style', 'class', 'inert'],
    });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}
