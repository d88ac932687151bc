import { ENTITETER } from '../../../contract/entitet';
import { formatDato } from '../../../contract/format';
import { PLAN_SORT_KOLONNER, type PlanlagtTilsyn, type Tilsynstype } from '../../../contract/planlaegning';
import { scoreTekst } from '../../../contract/tilsynsplan-regler';
import type { DataTableColumn } from '../../ui/DataTable';
import { datoKolonne, serverSortering, talKolonne, tekstKolonne } from '../../ui/table/kolonner';

export const TILSYNSTYPE_TEKST: Record<Tilsynstype, string> = {
  basis: 'Basis',
  prioriteret: 'Prioriteret',
  kampagne: 'Kampagne',
};

export const typeTekst = (type: 'virksomhed' | 'landbrug') =>
  type === 'landbrug' ? 'Landbrug' : 'Virksomhed';

/** The company's page: /virksomheder/:id or /landbrug/:id by its type, on the kind's default tab. */
export const virksomhedSti = (r: { type: 'virksomhed' | 'landbrug'; virksomhedId: number }) =>
  `${ENTITETER[r.type].sti}/${r.virksomhedId}`;

export const scoreCelle = (score: number | null) => (score === null ? '' : scoreTekst(score));

/** The reason, whole: it wraps in its cell (and shows in full on hover where a list keeps one line). */
export const begrundelseCelle = (tekst: string) => (
  <span className="plan-begrundelse" title={tekst}>
    {tekst}
  </span>
);

/** The columns a planned inspection and a row of the priority lists share: type to reason. */
export function tilsynKolonner<
  R extends Pick<PlanlagtTilsyn, 'type' | 'kategori' | 'score' | 'tilsynstype' | 'fysisk' | 'begrundelse'>,
>(): DataTableColumn<R>[] {
  return [
    tekstKolonne('type', 'Type', (r) => typeTekst(r.type), { width: 86 }),
    tekstKolonne('kategori', 'Kategori', (r) => r.kategori, { width: 70 }),
    { ...talKolonne('score', 'Score', (r) => r.score, { width: 64 }), cell: (r) => scoreCelle(r.score) },
    tekstKolonne('tilsynstype', 'Tilsynstype', (r) => TILSYNSTYPE_TEKST[r.tilsynstype], { width: 92 }),
    tekstKolonne('fysisk', 'Fysisk', (r) => (r.fysisk ? 'Fysisk' : 'Administrativt'), { width: 96 }),
    {
      ...tekstKolonne('begrundelse', 'Begrundelse', (r) => r.begrundelse, { width: '30%' }),
      cell: (r) => begrundelseCelle(r.begrundelse),
    },
  ];
}

/** The planned inspections' columns; the ids are the server's sort names, the reason has its own column. */
export function planKolonner(): DataTableColumn<PlanlagtTilsyn>[] {
  return serverSortering<PlanlagtTilsyn>(PLAN_SORT_KOLONNER, [
    tekstKolonne('virksomhedsnavn', 'Virksomhed', (r) => r.virksomhedsnavn, {
      hideable: false,
      width: '20%',
    }),
    ...tilsynKolonner<PlanlagtTilsyn>(),
    tekstKolonne('sagsbehandler', 'Sagsbehandler', (r) => r.sagsbehandler, { width: 130 }),
    talKolonne('timer', 'Timer', (r) => r.timer, { width: 60, maksDecimaler: 1 }),
    talKolonne('prioritet', 'Prioritet', (r) => r.prioritet, { width: 70, defaultHidden: true }),
    {
      ...datoKolonne('udfoert', 'Udført', (r) => r.udfoert, { width: 90 }),
      cell: (r) => (r.udfoert === null ? <span className="plan-muted">Nej</span> : formatDato(r.udfoert)),
    },
  ]);
}
