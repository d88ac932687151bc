import { type RefObject, useEffect, useRef } from 'react';
import { bindShortcut, platformKey } from '../../lib/keyboard';

/**
 * Ctrl+S (⌘S) as part of the form mechanism (issue 30): every form built on useVersionedForm
 * registers here, so no form can miss the shortcut.
 *
 * One binding in the lowest keyboard layer ('global'), installed by the workspace:
 * - a view's own 'Gem' tile command (mod+s) comes first, as before (it may save several forms);
 * - otherwise the registered form that holds the focus saves, or else the plain <form> holding it is
 *   submitted;
 * - the browser's 'save page' never opens while the workspace is shown (the key is always taken).
 */
export const GEM_TAST = 'mod+s';

export interface RegistreretForm {
  /** The form element (FormApi.ref). */
  ref: RefObject<HTMLElement | null>;
  /** Saves the form (it checks the right to change and its own busy state). */
  gem(): void;
  /** A name for tests and diagnostics: the form's record identity. */
  navn: string;
}

const forms = new Set<RegistreretForm>();

/** The registered forms (tests enumerate them). */
export const registreredeForms = (): readonly RegistreretForm[] => [...forms];

/** Registers a form for Ctrl+S; answers the function that removes it. */
export function registrerForm(form: RegistreretForm): () => void {
  forms.add(form);
  return () => {
    forms.delete(form);
  };
}

/** The registered form holding the element (the innermost one, when forms are nested). */
export function formMed(element: Element | null): RegistreretForm | null {
  if (!element) return null;
  let found: RegistreretForm | null = null;
  for (const f of forms) {
    const el = f.ref.current;
    if (el?.contains(element) && (!found || found.ref.current?.contains(el))) found = f;
  }
  return found;
}

/**
 * Ctrl+S: saves the form that holds the focus, if any. A form not built on the form hook (a modal's,
 * a letter section's, the user administration's) is submitted as Enter would, so no form of the
 * product misses the key. Exported for tests.
 */
export function gemFokuseretForm(): boolean {
  const form = formMed(document.activeElement);
  if (form) {
    form.gem();
    return true;
  }
  const html = document.activeElement?.closest('form');
  if (!html) return false;
  html.requestSubmit();
  return true;
}

/** Binds Ctrl+S for the forms (once, by the workspace); answers the function that unbinds it. */
export function installerGemTast(): () => void {
  return bindShortcut('global', platformKey(GEM_TAST), () => {
    gemFokuseretForm();
  });
}

/** Registers the form while it is mounted; `gem` is read when the key is pressed. */
export function useGemTast(ref: RefObject<HTMLElement | null>, gem: () => void, navn: string): void {
  const gemRef = useRef(gem);
  gemRef.current = gem;
  useEffect(() => registrerForm({ ref, gem: () => gemRef.current(), navn }), [ref, navn]);
}
