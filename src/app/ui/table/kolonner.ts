import { formatDato, formatTal, formatTalFast } from '../../../contract/format';
import type { DataTableColumn } from './types';

/**
 * Small builders of DataTable columns (issue 10, the list stack's client side): a text, date,
 * number or yes/no column is one call, written the product's way (DD-MM-YYYY, da-DK numbers, Ja/Nej)
 * through src/contract/format.ts. `serverSortering` marks a server-paged list's columns sortable
 * exactly when the server's sort whitelist (the ListeDef's sortKolonner) has their id.
 */

/** What a column may say beyond its id, header and value. */
export type KolonneValg<T> = Omit<DataTableColumn<T>, 'id' | 'header' | 'accessor'>;

type Vaerdi<T, V> = (row: T) => V | null | undefined;

/** A column whose value is a text (or anything shown as it is). */
export function tekstKolonne<T>(
  id: string,
  header: string,
  vaerdi: Vaerdi<T, string | number>,
  valg: KolonneValg<T> = {},
): DataTableColumn<T> {
  return { id, header, accessor: vaerdi, ...valg };
}

/**
 * A date column: sorted on the ISO text (or the instant), shown DD-MM-YYYY. A calendar date
 * ('YYYY-MM-DD') keeps its own day in every time zone.
 */
export function datoKolonne<T>(
  id: string,
  header: string,
  vaerdi: Vaerdi<T, string | Date>,
  valg: KolonneValg<T> = {},
): DataTableColumn<T> {
  return {
    id,
    header,
    accessor: (r) => {
      const v = vaerdi(r);
      return v instanceof Date ? v.toISOString() : v;
    },
    cell: (r) => formatDato(vaerdi(r)),
    ...valg,
  };
}

/**
 * A number column, right-aligned and written da-DK (dot thousands, comma decimals): at most
 * `maksDecimaler` (2), or exactly `decimaler` in every row (a quantity: '12,50' under '3,25', never
 * '12,5').
 */
export function talKolonne<T>(
  id: string,
  header: string,
  vaerdi: Vaerdi<T, number>,
  valg: KolonneValg<T> & { maksDecimaler?: number; decimaler?: number } = {},
): DataTableColumn<T> {
  const { maksDecimaler, decimaler, ...resten } = valg;
  return {
    id,
    header,
    accessor: vaerdi,
    cell: (r) => {
      const v = vaerdi(r);
      return decimaler === undefined
        ? formatTal(v, maksDecimaler)
        : formatTalFast(Number(v ?? Number.NaN), decimaler);
    },
    align: 'right',
    ...resten,
  };
}

/** A yes/no column: 'Ja' or 'Nej', empty when unknown. */
export function jaNejKolonne<T>(
  id: string,
  header: string,
  vaerdi: Vaerdi<T, boolean>,
  valg: KolonneValg<T> = {},
): DataTableColumn<T> {
  return {
    id,
    header,
    accessor: vaerdi,
    cell: (r) => {
      const v = vaerdi(r);
      return v === null || v === undefined ? '' : v ? 'Ja' : 'Nej';
    },
    ...valg,
  };
}

/**
 * A server-paged list's columns with `sortable` taken from the server's sort whitelist: a column
 * sorts exactly when its id is a `sortByColumn` the server accepts, so a header never offers a sort
 * the server would refuse.
 */
export function serverSortering<T>(
  sortKolonner: readonly string[],
  kolonner: readonly (DataTableColumn<T> | null | false | undefined)[],
): DataTableColumn<T>[] {
  return kolonner
    .filter((k): k is DataTableColumn<T> => !!k)
    .map((k) => ({ ...k, sortable: sortKolonner.includes(k.id) }));
}
