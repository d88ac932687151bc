import { useEffect, useMemo, useRef, useState } from 'react';
import { useLatest } from '../lib/useLatest';
import type { OpenOptions } from '../ui/DataTable';
import { type TileCommand, useTile } from './tile-api';

/** A route's optional record id: none ('' or missing) → null, anything but a positive integer → NaN. */
export const idAf = (v: string | undefined): number | null => {
  if (v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : Number.NaN;
};

/** The id, label and keywords of one of the tile's list commands (the shortcut is the hook's). */
export type ListeKommando = Pick<TileCommand, 'id' | 'label' | 'keywords'>;

export { LISTE_TAST } from '../ui/kommando';

import { LISTE_TAST } from '../ui/kommando';

/**
 * The controller of a list with the form of the record in the address (`${sti}/${id}`, or `sti` with
 * none): the selected row, `vaelg` (the address follows the selection), the 'new' state ('Ny …' on a
 * selected record first leaves it, which the unsaved-changes guard may stop, then opens the new
 * form), the grid's ref, and the tile commands 'Ny …' (alt+n) and 'Gå til …' (alt+l) followed by the
 * ones the open form publishes through `setFormKommandoer`. `kommandoer` is for `useTileCommands`.
 */
export function useListeDetalje<T extends { id: number }>(o: {
  sti: string;
  /** The route parameter of the record id. */
  param: string | undefined;
  /** The loaded rows (empty while loading or after an error). */
  raekker: readonly T[];
  /** Whether the list has loaded: then an id that is not in it is said not to exist. */
  hentet: boolean;
  /** 'Ny …' and 'Gå til …': module constants, so that the commands are not rebuilt on every render. */
  ny: ListeKommando;
  liste: ListeKommando;
}) {
  const { sti } = o;
  const tile = useTile();
  const id = idAf(o.param);
  const valgt = id !== null ? o.raekker.find((r) => r.id === id) : undefined;
  const vaelg = (ny: number | null) => tile.navigate(ny === null ? sti : `${sti}/${ny}`);
  const aabn = (r: T, opts?: OpenOptions) => (opts?.beside ? tile.openBeside(`${sti}/${r.id}`) : vaelg(r.id));

  const [ny, setNy] = useState(false);
  const nyOenskes = useRef(false);
  useEffect(() => {
    if (id !== null) setNy(false);
    else if (nyOenskes.current) {
      nyOenskes.current = false;
      setNy(true);
    }
  }, [id]);
  const startNy = useLatest(() => {
    if (id !== null) {
      nyOenskes.current = true;
      tile.navigate(sti);
    } else setNy(true);
  });

  const gridRef = useRef<HTMLTableElement>(null);
  const [formKommandoer, setFormKommandoer] = useState<TileCommand[]>([]);
  const nyK = o.ny;
  const listeK = o.liste;
  const kommandoer = useMemo<TileCommand[]>(
    () => [
      { ...nyK, shortcut: LISTE_TAST.ny, run: () => startNy.current() },
      { ...listeK, shortcut: LISTE_TAST.liste, run: () => gridRef.current?.focus() },
      ...formKommandoer,
    ],
    [startNy, formKommandoer, nyK, listeK],
  );
  const selected = useMemo(() => new Set(id ? [String(id)] : []), [id]);

  return {
    id,
    valgt,
    vaelg,
    /** The form column shows a form: the selected record's or a new one. */
    formAaben: valgt !== undefined || (ny && id === null),
    /** The address names a record that the loaded list does not have (or no valid id at all). */
    findesIkke: id !== null && valgt === undefined && (o.hentet || Number.isNaN(id)),
    startNy: () => startNy.current(),
    /** A new record was saved: close the 'new' form and select it. */
    oprettet: (r: T) => {
      setNy(false);
      vaelg(r.id);
    },
    annullerNy: () => setNy(false),
    setFormKommandoer,
    kommandoer,
    /** The DataTable's selection, open and grid props. */
    tabel: {
      selectionMode: 'single' as const,
      selected,
      onSelectionChange: (s: Set<string>) => {
        const first = [...s][0];
        if (first && Number(first) !== id) vaelg(Number(first));
      },
      onOpen: aabn,
      gridRef,
    },
  };
}
