import { useMemo } from 'react';
import type { FakturaListeQuery } from '../../../contract/fakturering';
import { LISTE_SIDE, useServerListe } from '../../records/useServerListe';
import { useFakturaer } from './api';
import { fakturaKolonner, type KolonneId } from './Faktura';

/**
 * A tab's paged list of invoices: its columns (in the order given), the table's saved settings
 * (`tabel`), sorted by the company's name until the user sorts, with the search text and the tab's
 * own filters (a status, a year). The answer is undefined while it fails (the table says why).
 */
export function useFakturaListe(
  tabel: string,
  kolonner: readonly KolonneId[],
  filteredColumns: NonNullable<FakturaListeQuery['filteredColumns']>,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tab's columns are a constant of the tab.
  const columns = useMemo(() => fakturaKolonner(kolonner), []);
  const liste = useServerListe(tabel, columns, { column: 'virksomhedsnavn', direction: 'ASC' });
  const q = useFakturaer({
    start: liste.start,
    take: LISTE_SIDE,
    sortByColumn: liste.sort.column as FakturaListeQuery['sortByColumn'],
    sortDirection: liste.sort.direction,
    filter: liste.filter || undefined,
    filteredColumns,
  });
  return { ...liste, columns, q, data: q.isError ? undefined : q.data };
}
