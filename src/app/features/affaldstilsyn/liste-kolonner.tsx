import { formatTalFast } from '../../../contract/format';
import {
  SAT_KATEGORI_TEKST,
  SAT_SORT_KOLONNER,
  type SatListeRaekke,
  type SatStatus,
} from '../../../contract/sat';
import { formatDato } from '../../lib/dates';
import type { DataTableColumn } from '../../ui/DataTable';
import { datoKolonne, serverSortering, talKolonne, tekstKolonne } from '../../ui/table/kolonner';

/** A deadline that has passed without a performed result (the server's 'overskredet'). */
export const deadlineOverskredet = (r: Pick<SatListeRaekke, 'deadlineDato' | 'satStatus'>, idag: string) =>
  r.satStatus === 'Udvalgt' && r.deadlineDato !== null && r.deadlineDato.slice(0, 10) < idag;

/** A risk score as the list writes it: da-DK with one decimal (4 → '4,0'); '' for none. */
export const risikoscoreTekst = (n: number | null) => (n === null ? '' : formatTalFast(n, 1));

const STATUS_KLASSE: Record<SatStatus, string> = {
  Udvalgt: 'udvalgt',
  Udført: 'udfoert',
  Overført: 'overfoert',
  Faktureret: 'faktureret',
};

/** The SAT list's columns; the ids are the server's sortByColumn names, so every column sorts. */
export function satKolonner(idag: string): DataTableColumn<SatListeRaekke>[] {
  return serverSortering<SatListeRaekke>(SAT_SORT_KOLONNER, [
    tekstKolonne('virksomhedsnavn', 'Virksomhedsnavn', (r) => r.virksomhedsnavn, {
      hideable: false,
      width: '24%',
    }),
    tekstKolonne('cvrNr', 'CVR', (r) => r.cvrNr, { width: 76 }),
    tekstKolonne('pNr', 'P-nr.', (r) => r.pNr, { width: 90 }),
    datoKolonne('udvalgtDato', 'Udvalgt', (r) => r.udvalgtDato, { width: 86 }),
    {
      ...datoKolonne('deadlineDato', 'Deadline', (r) => r.deadlineDato, { width: 86 }),
      cell: (r: SatListeRaekke) => {
        const tekst = formatDato(r.deadlineDato);
        return deadlineOverskredet(r, idag) ? (
          <span className="sat-overskredet" title="Deadline overskredet">
            {tekst}
          </span>
        ) : (
          tekst
        );
      },
    },
    {
      ...talKolonne('risikoscore', 'Risikoscore', (r) => r.risikoscore, { width: 78 }),
      cell: (r: SatListeRaekke) => risikoscoreTekst(r.risikoscore),
    },
    tekstKolonne('udvaelgelsesmetode', 'Udvælgelsesmetode', (r) => r.udvaelgelsesmetode, {
      width: 120,
    }),
    {
      ...tekstKolonne('satStatus', 'Status', (r) => r.satStatus, { width: 84 }),
      cell: (r: SatListeRaekke) => (
        <span className={`sat-status ${STATUS_KLASSE[r.satStatus]}`}>{r.satStatus}</span>
      ),
    },
    tekstKolonne(
      'kategori',
      'Resultatkategori',
      (r) => (r.kategori ? SAT_KATEGORI_TEKST[r.kategori] : null),
      {
        width: 120,
      },
    ),
    {
      ...datoKolonne('overfoertDato', 'Overført', (r) => r.overfoertDato, { width: 86 }),
      cell: (r: SatListeRaekke) =>
        r.overfoertDato === null ? <span className="sat-muted">Nej</span> : formatDato(r.overfoertDato),
    },
  ]);
}
