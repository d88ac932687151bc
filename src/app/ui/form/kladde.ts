import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import {
  gemKladde,
  hentKladde,
  type Kladde,
  type KladdeEjer,
  kladdeNoegle,
  sletKladde,
} from '../../lib/kladder';
import type { FormApi, FormIdentitet } from './useForm';

/**
 * The draft of a form (issue 34): the form mechanism keeps what the user typed in IndexedDB
 * (../../lib/kladder.ts) and offers it back when the same record's form opens again. Every form on
 * useVersionedForm gets it; FormBeskeder (./KladdeBesked.tsx) shows the offer.
 *
 * - Written at most KLADDE_FORSINKELSE_MS after the last change (a timer restarted per change: a
 *   keystroke costs a clearTimeout and a setTimeout, the copy to IndexedDB runs in the timer), at
 *   once when the form goes away (the tile closes, the page is hidden) and when a save gets no answer.
 * - While an offer waits for Gendan or Kassér nothing is written: the old draft is not overwritten
 *   before the user has chosen.
 * - Removed after a save, after 'Fortryd ændringer' and on Kassér; a draft that holds the record's
 *   current values is removed quietly.
 */

/** Where drafts of the forms below belong: the signed-in user and customer, and the tile they are in. */
export interface KladdeSted {
  ejer: KladdeEjer;
  /** The tile's route and a title for the palette, read when a draft is written. */
  beskriv(): { sti: string; titel: string };
}

/** Provided by the workspace's tile; without it (a modal, a test) forms keep no drafts. */
export const KladdeStedContext = createContext<KladdeSted | null>(null);

/** What a form says when a save got no answer, and when the connection is back (in the form and as a toast). */
export const FORBINDELSE_TEKST = {
  mistet:
    'Ingen forbindelse til serveren: ændringerne er ikke gemt. De er bevaret som kladde i browseren, og du får besked, når forbindelsen er tilbage.',
  tilbage: 'Forbindelsen er tilbage. Tryk Ctrl+S for at gemme dine ændringer.',
  alleredeOprettet:
    'Det første forsøg på at gemme nåede frem, og posten blev oprettet med det, du havde skrevet dengang. Den er ikke oprettet igen. Åbn posten fra listen for at rette den; dine senere ændringer er bevaret som kladde.',
} as const;

/** The longest a change waits before it is written (the issue allows a second). */
export const KLADDE_FORSINKELSE_MS = 600;

/** A draft found when the form opened, waiting for Gendan or Kassér. */
export interface KladdeTilbud {
  /** When it was last written. */
  gemt: Date;
  /** The record's values the form shows now differ from those the draft was typed against. */
  aendret: boolean;
  /** The draft's values and the values it was typed against. */
  vaerdier: Record<string, unknown>;
  base: Record<string, unknown>;
  /** The saved record's current values (the other side of the comparison). */
  aktuelle: Record<string, unknown>;
}

export type KladdeValg = 'kladde' | 'gemt';

export interface KladdeApi {
  /** Drafts are kept for this form (inside a tile, with the right to change). */
  aktiv: boolean;
  tilbud: KladdeTilbud | null;
  /** The side-by-side comparison of a changed record is open. */
  sammenligner: boolean;
  /** Restores the draft (the form becomes unsaved); for a changed record it opens the comparison. */
  gendan(): void;
  /** Drops the draft. */
  kasser(): void;
  /** Closes the comparison; the offer stays. */
  annullerSammenligning(): void;
  /** Applies the comparison's choice per field (flat names, 'lokalitet.navn' for nested values). */
  vaelg(valg: Record<string, KladdeValg>): void;
  /** Writes the draft now (a save got no answer). */
  gemNu(): void;
  /** Removes the draft (after a save or a discard). */
  fjern(): void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const erObjekt = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** A form's values flattened one level: `{ lokalitet: { navn } }` as `lokalitet.navn`. */
export function fladVaerdier(v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (erObjekt(x)) for (const [k2, y] of Object.entries(x)) out[`${k}.${k2}`] = y;
    else out[k] = x;
  }
  return out;
}

/** The fields (flat names) where the draft and the record's current values differ, in the form's order. */
export function forskelle(kladde: Record<string, unknown>, aktuelle: Record<string, unknown>): string[] {
  const a = fladVaerdier(kladde);
  const b = fladVaerdier(aktuelle);
  const navne = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return navne.filter((n) => n in a && !same(a[n], b[n]));
}

/** The record's current values with the chosen fields taken from the draft. */
export function flet<T extends Record<string, unknown>>(
  aktuelle: T,
  kladde: Record<string, unknown>,
  valg: Record<string, KladdeValg>,
): T {
  const out: Record<string, unknown> = { ...aktuelle };
  const flad = fladVaerdier(kladde);
  for (const [navn, v] of Object.entries(valg)) {
    if (v !== 'kladde') continue;
    const [k, k2] = navn.split('.', 2) as [string, string | undefined];
    if (k2 === undefined) out[k] = flad[navn];
    else out[k] = { ...(erObjekt(out[k]) ? out[k] : {}), [k2]: flad[navn] };
  }
  return out as T;
}

/** The draft mechanism of one form; used by useVersionedForm. */
export function useKladde<T extends Record<string, unknown>>(o: {
  form: FormApi<T>;
  identitet: FormIdentitet;
  version: number | undefined;
  kanRette: boolean;
  /** The saved record's values now (a new record's starting values). */
  aktuelle(): T;
}): KladdeApi {
  const sted = useContext(KladdeStedContext);
  const aktiv = sted !== null && o.kanRette;
  const { form, identitet } = o;
  const [tilbud, setTilbud] = useState<KladdeTilbud | null>(null);
  const [sammenligner, setSammenligner] = useState(false);

  // The latest of everything the timer and the unmount read.
  const live = useRef({ o, sted, aktiv, tilbud });
  live.current = { o, sted, aktiv, tilbud };
  // The version the form's saved values were read at: taken when the form's base changes.
  const lest = useRef<{ base: T | null; version: number | undefined }>({ base: null, version: undefined });
  if (lest.current.base !== form.base) lest.current = { base: form.base, version: o.version };

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopTimer = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  // What a write sends: the form's latest values while they differ from the saved ones (kept when a
  // reset makes the form clean, so a change still waiting is written when the tile closes).
  const utkast = useRef<{ identitet: string; base: T; vaerdier: T; version: number | undefined } | null>(
    null,
  );
  if (form.dirty) {
    utkast.current = { identitet, base: form.base, vaerdier: form.values, version: lest.current.version };
  }

  /** Writes the latest unsaved values as the draft. */
  const skriv = useCallback(() => {
    stopTimer();
    const { sted, aktiv, tilbud } = live.current;
    const u = utkast.current;
    if (!aktiv || !sted || tilbud || !u) return;
    const { sti, titel } = sted.beskriv();
    const k: Kladde = {
      noegle: kladdeNoegle(sted.ejer, u.identitet),
      bruger: sted.ejer.bruger,
      kunde: sted.ejer.kunde,
      identitet: u.identitet,
      version: u.version,
      base: u.base,
      vaerdier: u.vaerdier,
      sti,
      titel,
      gemt: Date.now(),
    };
    void gemKladde(k);
  }, [stopTimer]);

  // Every change restarts the timer; nothing else happens while the user types. A form made clean
  // by a reset (the guard's 'leave', a save) writes what was still waiting; a save then removes it.
  const { values, dirty } = form;
  useEffect(() => {
    if (!aktiv || tilbud) return;
    if (!dirty) {
      if (timer.current !== null) skriv();
      return;
    }
    stopTimer();
    timer.current = setTimeout(skriv, KLADDE_FORSINKELSE_MS);
    // (values: each change restarts the wait.)
    void values;
  }, [values, dirty, aktiv, tilbud, skriv, stopTimer]);

  // A pending draft is written at once when the form goes away or the page is hidden or closed.
  useEffect(() => {
    const nu = () => {
      if (timer.current !== null) skriv();
    };
    const synlighed = () => {
      if (document.visibilityState === 'hidden') nu();
    };
    window.addEventListener('pagehide', nu);
    document.addEventListener('visibilitychange', synlighed);
    return () => {
      window.removeEventListener('pagehide', nu);
      document.removeEventListener('visibilitychange', synlighed);
      nu();
    };
  }, [skriv]);

  // When the form opens (or moves to another record): a draft of this record is offered.
  useEffect(() => {
    setTilbud(null);
    setSammenligner(false);
    if (!aktiv || !sted) return;
    let stop = false;
    void hentKladde(sted.ejer, identitet).then((k) => {
      if (stop || !k) return;
      const aktuelle = live.current.o.aktuelle() as Record<string, unknown>;
      // Nothing to restore: the record already holds what was typed.
      if (same(k.vaerdier, aktuelle)) {
        void sletKladde(sted.ejer, identitet);
        return;
      }
      // This form holds the draft's values already (it never went away).
      if (same(k.vaerdier, live.current.o.form.values)) return;
      setTilbud({
        gemt: new Date(k.gemt),
        aendret: !same(k.base, aktuelle),
        vaerdier: k.vaerdier,
        base: k.base,
        aktuelle,
      });
    });
    return () => {
      stop = true;
    };
  }, [identitet, sted, aktiv]);

  const fjern = useCallback(() => {
    stopTimer();
    utkast.current = null;
    const { sted, o } = live.current;
    setTilbud(null);
    setSammenligner(false);
    if (sted) void sletKladde(sted.ejer, o.identitet);
  }, [stopTimer]);

  const gendan = useCallback(() => {
    const { tilbud, o } = live.current;
    if (!tilbud) return;
    if (tilbud.aendret) {
      setSammenligner(true);
      return;
    }
    o.form.erstat(tilbud.vaerdier as T);
    setTilbud(null);
  }, []);

  const vaelg = useCallback((valg: Record<string, KladdeValg>) => {
    const { tilbud, o } = live.current;
    if (!tilbud) return;
    const aktuelle = o.aktuelle();
    // The form's saved values become the record's current ones, so a save sends the current version.
    o.form.reset(aktuelle);
    o.form.erstat(flet(aktuelle, tilbud.vaerdier, valg));
    setSammenligner(false);
    setTilbud(null);
  }, []);

  return {
    aktiv,
    tilbud,
    sammenligner,
    gendan,
    kasser: fjern,
    annullerSammenligning: useCallback(() => setSammenligner(false), []),
    vaelg,
    gemNu: skriv,
    fjern,
  };
}
