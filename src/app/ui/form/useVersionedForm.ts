import { type RefObject, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import { medIdempotensNoegle, newIdempotencyKey } from '../../lib/idempotens-noegle';
import { openForm } from '../focus';
import { toast } from '../toast';
import { useGemTast } from './gem-tast';
import { FORBINDELSE_TEKST, type KladdeApi, useKladde } from './kladde';
import { RedigeringsNaervaer } from './redigerings-naervaer';
import { type FormApi, type FormIdentitet, useForm } from './useForm';

/** What a failed save means for a form: field errors (400), someone else's change (409), or anything else. */
export type GemFejl =
  | { kind: 'felter'; body: unknown }
  | { kind: 'konflikt'; message: string }
  | { kind: 'andet' };

export interface VersionedFormOptions<T extends Record<string, unknown>, R> {
  /** The record the values belong to; a new identity starts the form again (see useForm). */
  identitet: FormIdentitet;
  /** What the form checks before it saves. */
  schema: z.ZodType;
  /** The saved record; undefined for a new one. */
  record: R | undefined;
  /** The saved record's version: a newer one replaces the values while the form holds no edits. */
  version?: number;
  /** The form's values of a saved record. */
  vaerdierAf(record: R): T;
  /** A new record's starting values. */
  nye?: () => T;
  /**
   * The form is a new record's ('Ny periode', N, Alt+N): when it opens it scrolls into view and takes
   * the cursor in its first field (useNyFormFokus), whether a command, a button or a key opened it.
   */
  ny?: boolean;
  /** Without the right to change, nothing is saved and the form never counts as dirty. */
  kanRette: boolean;
  /** Saves the checked values (the caller sends the version it edited); answers the saved record. */
  gem(data: T, record: R | undefined): Promise<R>;
  /** Classifies a failed save; anything but 400/409 is reported by the classifier itself. */
  fejl(err: unknown): GemFejl;
  /** The unsaved-changes guard (the tile's setDirty): told of every change of the dirty state. */
  vagt?: (dirty: boolean, reset?: () => void) => void;
  /** After a save (caches, toast, navigation); the form already shows the saved values. */
  onGemt?(saved: R, varNy: boolean): void | Promise<void>;
  /** 'Genindlæs' after a 409: the newest saved record, undefined when it is gone. */
  hentIgen?(): Promise<R | undefined>;
  /** The record was gone on 'Genindlæs' (deleted by someone else). */
  onVaek?(): void;
}

/**
 * A save that got no answer at all (the network is gone): 'mistet' until the browser is online
 * again, then 'tilbage' until the next save. The draft keeps the input meanwhile.
 */
export type Forbindelse = 'ok' | 'mistet' | 'tilbage';

/** A failed call that never got an answer (lib/http.ts's HttpError with noResponse), read without importing it. */
export const udenSvar = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  'failure' in err &&
  (err as { failure?: { noResponse?: unknown } }).failure?.noResponse === true;

const svarStatus = (err: unknown): number | undefined =>
  typeof err === 'object' && err !== null && 'failure' in err
    ? (err as { failure?: { status?: number } }).failure?.status
    : undefined;

export interface VersionedForm<T extends Record<string, unknown>> {
  form: FormApi<T>;
  /** The form's draft in the browser (./kladde.ts): the offer to restore it, the comparison. */
  kladde: KladdeApi;
  /** Whether the last save failed for want of a connection (see Forbindelse). */
  forbindelse: Forbindelse;
  /** The running action ('gem', 'slet' ...), or null. */
  busy: string | null;
  /** The 409 text of the last refused save; the form keeps the user's input meanwhile. */
  konflikt: string | null;
  /** Checks, saves with the version, resets to the saved values; 400 shows the field errors, 409 the text. */
  gem(): Promise<void>;
  /** Another action on the record (delete ...), with the same busy state and failure handling. */
  koer(navn: string, action: () => Promise<void>): Promise<void>;
  /** After a 409: drops the user's input for the newest saved version. */
  genindlaes(): Promise<void>;
  /** Back to the saved values, the guard told the form is clean. */
  fortryd(): void;
}

/**
 * The one versioned form of the client: load (the saved record's values), dirty state feeding the
 * unsaved-changes guard, save with the version that was edited, a 409 that keeps the user's input and
 * offers to reload, a fresh start on a new record identity, and Ctrl+S (./gem-tast.ts). The caller passes the save and reload
 * functions (ui/ does no I/O).
 */
export function useVersionedForm<T extends Record<string, unknown>, R>(
  o: VersionedFormOptions<T, R>,
): VersionedForm<T> {
  const opts = useRef(o);
  opts.current = o;
  const form = useForm<T>(
    () => (o.record !== undefined ? o.vaerdierAf(o.record) : (o.nye?.() ?? ({} as T))),
    o.schema,
    o.identitet,
  );
  useNyFormFokus(form.ref, o.ny === true && o.kanRette);
  const [busy, setBusy] = useState<string | null>(null);
  const [konflikt, setKonflikt] = useState<string | null>(null);
  const [forbindelse, setForbindelse] = useState<Forbindelse>('ok');
  const busyRef = useRef(false);
  const kladde = useKladde({
    form,
    identitet: o.identitet,
    version: o.version,
    kanRette: o.kanRette,
    aktuelle: () => {
      const r = opts.current.record;
      return r !== undefined ? opts.current.vaerdierAf(r) : (opts.current.nye?.() ?? ({} as T));
    },
  });
  const kladdeRef = useRef(kladde);
  kladdeRef.current = kladde;

  // A new record's saves share one Idempotency-Key until one succeeds: a save that got no answer may
  // have created the record, and the next save is then answered with it instead of creating another.
  const oprettelsesNoegle = useRef<string | null>(null);
  const { identitet } = o;
  useEffect(() => {
    if (identitet !== undefined) oprettelsesNoegle.current = null;
  }, [identitet]);

  // After a save without an answer: told when the browser is online again (the save is one key away).
  useEffect(() => {
    if (forbindelse !== 'mistet') return;
    const igen = () => {
      setForbindelse('tilbage');
      // Also where the user is looking: the form's own message may be scrolled out of view.
      toast.info(FORBINDELSE_TEKST.tilbage);
    };
    window.addEventListener('online', igen);
    return () => window.removeEventListener('online', igen);
  }, [forbindelse]);

  const { reset, dirty, validate, showServerErrors } = form;
  const { vagt, kanRette } = o;
  useEffect(() => {
    if (!vagt) return;
    vagt(kanRette && dirty, reset);
    return () => vagt(false);
  }, [vagt, kanRette, dirty, reset]);

  // Presence: the record's frame tells the others watching it while this form holds edits; a save,
  // 'Fortryd' or closing the form (unmount) ends it.
  const melder = useContext(RedigeringsNaervaer);
  const formId = useId();
  useEffect(() => {
    if (!melder) return;
    melder(formId, kanRette && dirty);
    return () => melder(formId, false);
  }, [melder, formId, kanRette, dirty]);

  // A newer saved version (own save elsewhere, another user after a reload) replaces a form without edits.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const { version } = o;
  useEffect(() => {
    const r = opts.current.record;
    if (version !== undefined && r !== undefined && !dirtyRef.current) reset(opts.current.vaerdierAf(r));
  }, [version, reset]);

  const koer = useCallback(
    async (navn: string, action: () => Promise<void>) => {
      if (!opts.current.kanRette || busyRef.current) return;
      busyRef.current = true;
      setKonflikt(null);
      setBusy(navn);
      try {
        await action();
      } catch (err) {
        // A refused save keeps the input in the form and, at once, in the draft (an expired token
        // signs the user out next; no answer at all waits for the connection).
        if (navn === 'gem') kladdeRef.current.gemNu();
        if (navn === 'gem' && udenSvar(err)) {
          setForbindelse('mistet');
          toast.error(FORBINDELSE_TEKST.mistet);
          return;
        }
        if (navn === 'gem' && svarStatus(err) === 422 && oprettelsesNoegle.current) {
          // The save that got no answer did create the record, with what was typed then.
          setKonflikt(FORBINDELSE_TEKST.alleredeOprettet);
          return;
        }
        const f = opts.current.fejl(err);
        if (f.kind === 'felter') showServerErrors(f.body);
        else if (f.kind === 'konflikt') setKonflikt(f.message);
      } finally {
        busyRef.current = false;
        setBusy(null);
      }
    },
    [showServerErrors],
  );

  const gem = useCallback(async () => {
    if (!opts.current.kanRette || busyRef.current) return;
    setKonflikt(null);
    const data = validate() as T | null;
    if (!data) return;
    await koer('gem', async () => {
      const { record } = opts.current;
      const gemIt = () => opts.current.gem(data, record);
      let saved: R;
      if (record === undefined) {
        oprettelsesNoegle.current ??= newIdempotencyKey();
        saved = await medIdempotensNoegle(oprettelsesNoegle.current, gemIt);
      } else saved = await gemIt();
      oprettelsesNoegle.current = null;
      // The guard must see a clean form before anything moves on (a new record's address).
      opts.current.vagt?.(false);
      reset(opts.current.vaerdierAf(saved));
      kladdeRef.current.fjern();
      setForbindelse('ok');
      await opts.current.onGemt?.(saved, record === undefined);
    });
  }, [validate, koer, reset]);

  const genindlaes = useCallback(async () => {
    setKonflikt(null);
    opts.current.vagt?.(false);
    const fresh = await opts.current.hentIgen?.();
    if (fresh !== undefined) reset(opts.current.vaerdierAf(fresh));
    else {
      reset();
      if (opts.current.record !== undefined) opts.current.onVaek?.();
    }
  }, [reset]);

  const fortryd = useCallback(() => {
    opts.current.vagt?.(false);
    reset();
    // Discarding the changes discards their draft too.
    kladdeRef.current.fjern();
  }, [reset]);

  // Ctrl+S saves the form holding the focus (unless the tile's own Gem command takes it first).
  useGemTast(form.ref, () => void gem(), o.identitet);

  return { form, kladde, forbindelse, busy, konflikt, gem, koer, genindlaes, fortryd };
}

/**
 * A new record's form, when it opens: scrolled into view and the cursor in its first field, so the
 * command that opened it ('Ny periode' below a long table) leaves the user typing in it, not in the
 * table. The one place every form gets this (useVersionedForm's `ny`, useDetaljeForm).
 */
export function useNyFormFokus(ref: RefObject<HTMLElement | null>, erNy: boolean): void {
  useEffect(() => {
    if (erNy) openForm(ref.current);
  }, [erNy, ref]);
}
