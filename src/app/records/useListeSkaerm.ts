import { useCallback, useRef, useState } from 'react';
import { type TabelHentning, tabelHentning } from '../lib/http-fejl';
import type { OpenOptions, TableSort } from '../ui/DataTable';
import { useTile } from '../workspace/tile-api';
import { LISTE_SIDE, listeFejlbesked, useServerListe } from './useServerListe';

const INGEN: readonly never[] = [];

/** One page of a server list's answer. */
export interface ListeSide<T> {
  items: readonly T[];
  totalCount: number;
  totalCountCapped?: boolean;
}

/**
 * A list screen on the server list stack (useServerListe) with its toolbar's filters: the filters'
 * values, a setter per filter that goes back to the first page, and the paged query's common part
 * (start, take, sort, text filter and the column filters the screen derives from its values).
 */
export function useListeSkaerm<F extends Record<string, unknown>>(
  tableName: string,
  columns: readonly { id: string; sortable?: boolean }[],
  standardSort: TableSort,
  startFiltre: F,
) {
  const liste = useServerListe(tableName, columns, standardSort);
  const { sort, filter, start, setStart } = liste;
  const [filtre, setFiltre] = useState<F>(startFiltre);

  /** The setter of one filter: a new value goes back to the first page. */
  const saetFilter = useCallback(
    <K extends keyof F>(k: K) =>
      (v: F[K]) => {
        setFiltre((f) => ({ ...f, [k]: v }));
        setStart(0);
      },
    [setStart],
  );

  /**
   * The paged query's common part, for the query type Q; `kolonner` are the column filters, the unset
   * ones falsy.
   */
  const side = <Q extends { sortByColumn?: string }>(
    kolonner: readonly (string | false | null | undefined)[],
  ) => ({
    start,
    take: LISTE_SIDE,
    sortByColumn: sort.column as Q['sortByColumn'],
    sortDirection: sort.direction,
    filter: filter || undefined,
    filteredColumns: kolonner.filter((k): k is string => !!k),
  });

  /**
   * The server-mode DataTable's props from the list state, the query `q` (loading, the failure, try
   * again) and its page of rows (none yet: no rows).
   */
  const tabelAf = <T>(q: TabelHentning, sidens: ListeSide<T> | undefined) => ({
    ...liste.tabel,
    rows: sidens?.items ?? (INGEN as readonly T[]),
    totalCount: sidens?.totalCount,
    totalCountCapped: sidens?.totalCountCapped,
    ...tabelHentning(q, listeFejlbesked),
  });

  return { ...liste, filtre, saetFilter, side, tabelAf };
}

/**
 * A list's Enter and Ctrl/Cmd+Enter: the row's path (none: nothing opens) in this tile or beside it.
 * The callback stays the same while the tile does.
 */
export function useAabnRaekke<T>(sti: (row: T) => string | null | undefined) {
  const tile = useTile();
  const stiRef = useRef(sti);
  stiRef.current = sti;
  return useCallback(
    (row: T, opts?: OpenOptions) => {
      const path = stiRef.current(row);
      if (!path) return;
      if (opts?.beside) tile.openBeside(path);
      else tile.navigate(path);
    },
    [tile],
  );
}
