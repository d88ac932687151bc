import {
  type FocusEvent,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
} from 'react';
import { fraseEmneForArt } from '../../contract/frase-emner';

/**
 * Where 'Indsæt frase …' inserts (issue 15): the registry of insertion targets, one per tile, the
 * long text field that last had focus in it. Any text area registers itself when it gets focus
 * (ui/form/inputs.tsx TextArea through `useFraseMaal`); focus on another field of the same tile
 * clears the tile's target, so the palette offers the command only while a text area has focus or was
 * the last field used in the focused tile. The subject of the field comes from the nearest
 * `data-frase-emne` (a code) or `data-art` (a record kind, see contract/frase-emner.ts) around it.
 */
/** Ctrl+Shift+F (Cmd+Shift+F on a Mac): 'Indsæt frase …' in the focused tile's text field. */
export const FRASE_GENVEJ = 'mod+shift+f';
export const FRASE_LABEL = 'Indsæt frase …';

export interface FraseMaal {
  tileId: string;
  /** The field's name and label (the label heads the phrase list). */
  felt: string;
  label: string;
  /** The subject code of the field, or null (then every subject's phrases are listed). */
  emneKode: string | null;
  /** Inserts the text at the caret (replacing a selection) through the form's state; focus returns. */
  indsaet(tekst: string): void;
  /** Whether the field is still on the page and may be changed. */
  brugbar(): boolean;
}

const maal = new Map<string, FraseMaal>();
const elementer = new Map<string, HTMLElement>();
let aabenFor: string | null = null;
const listeners = new Set<() => void>();
let version = 0;
const changed = () => {
  version++;
  for (const l of listeners) l();
};

const FELT = /^(INPUT|SELECT|TEXTAREA)$/;

let lytter = false;
/** Focus on any other field inside a tile ends that tile's target. */
function lytEfterFokus(): void {
  if (lytter || typeof document === 'undefined') return;
  lytter = true;
  document.addEventListener('focusin', (e) => {
    const el = e.target;
    if (!(el instanceof HTMLElement) || !(FELT.test(el.tagName) || el.isContentEditable)) return;
    const tileId = el.closest<HTMLElement>('[data-tile-id]')?.dataset.tileId;
    if (!tileId || !maal.has(tileId) || elementer.get(tileId) === el) return;
    maal.delete(tileId);
    elementer.delete(tileId);
    changed();
  });
}

export const fraseMaal = {
  /** The target of a tile, if its field is still usable. */
  get(tileId: string | null | undefined): FraseMaal | undefined {
    if (!tileId) return undefined;
    const m = maal.get(tileId);
    return m?.brugbar() ? m : undefined;
  },
  saet(m: FraseMaal, el: HTMLElement): void {
    lytEfterFokus();
    if (maal.get(m.tileId) === m && elementer.get(m.tileId) === el) return;
    maal.set(m.tileId, m);
    elementer.set(m.tileId, el);
    changed();
  },
  /** Forgets the tile's target when it is this field's (the field left the page). */
  glem(tileId: string, el: HTMLElement): void {
    if (elementer.get(tileId) !== el) return;
    maal.delete(tileId);
    elementer.delete(tileId);
    changed();
  },
  /** The phrase list of the tile's target is shown (the palette command, the shortcut). */
  aabn(tileId: string): void {
    aabenFor = tileId;
    changed();
  },
  luk(): void {
    aabenFor = null;
    changed();
  },
  aaben: () => aabenFor,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

/** Re-renders on every change of the registry; answers the tile's usable target. */
export function useFraseMaal(tileId: string | null | undefined): FraseMaal | undefined {
  useSyncExternalStore(fraseMaal.subscribe, () => version);
  return fraseMaal.get(tileId);
}

/** The tile whose phrase list is open, or null. */
export function useFraseVaelgerAaben(): string | null {
  return useSyncExternalStore(fraseMaal.subscribe, fraseMaal.aaben);
}

/** The subject of a field from the page around it. */
export function emneOmkring(el: HTMLElement): string | null {
  const kode = el.closest<HTMLElement>('[data-frase-emne]')?.dataset.fraseEmne;
  if (kode) return kode;
  return fraseEmneForArt(el.closest<HTMLElement>('[data-art]')?.dataset.art);
}

/** Inserts `tekst` into `vaerdi` at [start, slut): the new value and the caret after the text. */
export function indsaetVed(
  vaerdi: string,
  tekst: string,
  start: number | null,
  slut: number | null,
): { vaerdi: string; caret: number } {
  const a = Math.max(0, Math.min(start ?? vaerdi.length, vaerdi.length));
  const b = Math.max(a, Math.min(slut ?? a, vaerdi.length));
  return { vaerdi: vaerdi.slice(0, a) + tekst + vaerdi.slice(b), caret: a + tekst.length };
}

/**
 * Makes a text area an insertion target: answers its onFocus handler. The insert goes through
 * `onChange` (the form's state, so the form turns dirty), then puts focus and the caret back.
 */
export function useFraseFelt(o: {
  ref: RefObject<HTMLTextAreaElement | null>;
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  enabled: boolean;
}): (e: FocusEvent<HTMLTextAreaElement>) => void {
  const latest = useRef(o);
  latest.current = o;
  const caret = useRef<number | null>(null);
  const eget = useRef<{ tileId: string; el: HTMLElement } | null>(null);

  // After an insert: focus and caret once the new value is drawn.
  useLayoutEffect(() => {
    const c = caret.current;
    const el = latest.current.ref.current;
    if (c === null || !el) return;
    caret.current = null;
    el.focus();
    el.setSelectionRange(c, c);
  });

  useLayoutEffect(
    () => () => {
      const e = eget.current;
      if (e) fraseMaal.glem(e.tileId, e.el);
    },
    [],
  );

  return useCallback((e: FocusEvent<HTMLTextAreaElement>) => {
    const el = e.currentTarget;
    if (!latest.current.enabled) return;
    const tileId = el.closest<HTMLElement>('[data-tile-id]')?.dataset.tileId;
    if (!tileId) return;
    eget.current = { tileId, el };
    fraseMaal.saet(
      {
        tileId,
        felt: latest.current.name,
        label: latest.current.label,
        emneKode: emneOmkring(el),
        brugbar: () => el.isConnected && !el.disabled && !el.readOnly && !latest.current.disabled,
        indsaet: (tekst) => {
          const o = latest.current;
          const felt = o.ref.current ?? el;
          const ny = indsaetVed(o.value, tekst, felt.selectionStart, felt.selectionEnd);
          caret.current = ny.caret;
          if (ny.vaerdi === o.value) {
            felt.focus();
            felt.setSelectionRange(ny.caret, ny.caret);
            caret.current = null;
            return;
          }
          o.onChange(ny.vaerdi);
        },
      },
      el,
    );
  }, []);
}
