import type { MedianResultat } from '../../../contract/validering';
import type { Anden } from '../../session/naervaer';
import type { DataTableColumn } from '../../ui/DataTable';
import { tal } from './format';
import type { KoePost } from './KoeView';

function medianKolonner<T extends KoePost>(
  resultater: ReadonlyMap<number, MedianResultat>,
): DataTableColumn<T>[] {
  const r = (row: T) => resultater.get(row.id);
  return [
    {
      id: 'mediantest',
      header: 'Mediantest',
      accessor: (row) => {
        const m = r(row);
        return m ? (m.markeret ? 'Afviger' : m.bemaerkning ? m.bemaerkning : 'OK') : '';
      },
      cell: (row) => {
        const m = r(row);
        if (!m) return '';
        if (m.markeret)
          return (
            <span
              className="vl-flag"
              data-testid="median-flag"
              title={m.robustZ ? `Robust z ${tal(m.robustZ)}` : undefined}
            >
              Afviger
            </span>
          );
        if (m.bemaerkning) return <span className="muted">{m.bemaerkning}</span>;
        return <span className="vl-ok">OK</span>;
      },
      width: 120,
      smalFoerst: true,
    },
    {
      id: 'vaerdi',
      header: 'Værdi',
      accessor: (row) => r(row)?.vaerdi ?? null,
      cell: (row) => {
        const m = r(row);
        return m ? `${tal(m.vaerdi)} ${m.enhed}` : '';
      },
      align: 'right',
    },
    {
      id: 'median',
      header: 'Median',
      accessor: (row) => r(row)?.median ?? null,
      cell: (row) => {
        const m = r(row);
        return m && m.median !== null ? `${tal(m.median)} (n=${m.antalHistorik})` : '';
      },
      align: 'right',
    },
    {
      id: 'afvigelse',
      header: 'Afvigelse',
      accessor: (row) => r(row)?.afvigelse ?? null,
      cell: (row) => {
        const m = r(row);
        return m && m.afvigelse !== null ? tal(m.afvigelse) : '';
      },
      align: 'right',
    },
  ];
}

/** The others' cursors in the queue, by entry id. */
export function holdereAf(andre: readonly Anden[]): Map<number, Anden[]> {
  const m = new Map<number, Anden[]>();
  for (const a of andre) {
    if (a.tilstand?.type !== 'markoer') continue;
    const l = m.get(a.tilstand.postId);
    if (l) l.push(a);
    else m.set(a.tilstand.postId, [a]);
  }
  return m;
}

/** The column of the others' cursors: their initials on the entry each of them stands on. */
function naervaerKolonne<T extends KoePost>(holdere: Map<number, Anden[]>): DataTableColumn<T> {
  return {
    id: 'naervaer',
    header: 'Kollega',
    accessor: (row) =>
      holdere
        .get(row.id)
        ?.map((a) => a.initialer)
        .join(' ') ?? '',
    cell: (row) => {
      const h = holdere.get(row.id);
      if (!h) return '';
      return (
        <span className="vl-naervaer" data-testid="naervaer-markoer">
          {h.map((a) => (
            <abbr key={a.klient} className="vl-initialer" title={`${a.navn} står på posten`}>
              {a.initialer}
            </abbr>
          ))}
        </span>
      );
    },
    width: 64,
    sortable: false,
    hideable: false,
    smalFoerst: true,
  };
}

/**
 * The queue's columns: the colleagues' column first while anyone else is in the queue; after a
 * median test its flag right after the plant, so it shows even in a narrow tile, and the figures
 * behind it (value, median, deviation) right after the tested value.
 */
export function koeKolonner<T extends KoePost>(
  kolonner: DataTableColumn<T>[],
  median: ReadonlyMap<number, MedianResultat>,
  holdere: Map<number, Anden[]> | null,
): DataTableColumn<T>[] {
  let medMedian = kolonner;
  if (median.size > 0) {
    const [flag, ...figures] = medianKolonner<T>(median);
    const base = [kolonner[0]!, flag!, ...kolonner.slice(1)];
    const i = base.findIndex((k) => k.id === 'vandmaengdeOppumpet' || k.id === 'vandstand');
    medMedian = i < 0 ? [...base, ...figures] : [...base.slice(0, i + 1), ...figures, ...base.slice(i + 1)];
  }
  return holdere ? [naervaerKolonne<T>(holdere), ...medMedian] : medMedian;
}
