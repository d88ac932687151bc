import { useMemo, useRef, useState } from 'react';
import { INGEN_FORBINDELSE, serverTekst, udenSvar } from '../lib/http-fejl';
import { useTableSettings } from '../session/useTableSettings';
import { savedSort, type TableSort } from '../ui/DataTable';
import type { TileCommand } from '../workspace/tile-api';

/** Rows a list page asks the server for. */
export const LISTE_SIDE = 50;

/** The message a failed list call carries, for the table's red row. */
export function listeFejlbesked(err: unknown): string | true {
  if (udenSvar(err)) return INGEN_FORBINDELSE;
  return serverTekst(err, ['message', 'title']) ?? true;
}

/**
 * The state of a record list paged, sorted and text-filtered on the server (companies, farms, water
 * plants): the user's saved sort (else `standardSort`), the filter text, the page start, the refs of
 * the filter field and the rows, the list's two commands (Søg i listen, Gå til listen) and the props
 * that bind it all to a server-mode DataTable. A new sort or filter goes back to the first page.
 */
export function useServerListe(
  tableName: string,
  columns: readonly { id: string; sortable?: boolean }[],
  standardSort: TableSort,
) {
  const settings = useTableSettings(tableName);
  const [sort, setSort] = useState<TableSort>(() => savedSort(settings.value, columns, null) ?? standardSort);
  const [filter, setFilter] = useState('');
  const [start, setStart] = useState(0);
  const filterRef = useRef<HTMLInputElement>(null);
  // The table's rows are the tile's primary focus target (the DataTable marks them), so arrows work
  // as soon as the tile gets focus.
  const gridRef = useRef<HTMLTableElement>(null);

  const kommandoer = useMemo<TileCommand[]>(
    () => [
      {
        id: 'soeg-i-listen',
        label: 'Søg i listen',
        shortcut: '/',
        keywords: ['filter', 'find'],
        run: () => {
          filterRef.current?.focus();
          filterRef.current?.select();
        },
      },
      {
        id: 'gaa-til-listen',
        label: 'Gå til listen',
        shortcut: 'alt+l',
        run: () => gridRef.current?.focus(),
      },
    ],
    [],
  );

  const tabel = {
    tableName,
    mode: 'server' as const,
    page: { start, take: LISTE_SIDE },
    onPageChange: setStart,
    sort,
    onSortChange: (s: TableSort) => {
      setSort(s);
      setStart(0);
    },
    onFilterChange: (text: string) => {
      setFilter(text);
      setStart(0);
    },
    settings,
    filterRef,
    gridRef,
  };

  return { sort, filter, start, setStart, kommandoer, tabel };
}
