import type { OppumpetPost, PejlingPost, VandproevePost } from '../../../contract/validering';
import type { DataTableColumn } from '../../ui/DataTable';
import { dato, datoTid, periode, situationTekst, tal } from './format';

/** Columns of the queues and their history panels. */

const anlaeg = <T extends { anlaegsnavn: string; anlaegsnr: string | null }>(): DataTableColumn<T> => ({
  id: 'anlaeg',
  header: 'Vandanlæg',
  accessor: (r) => r.anlaegsnavn,
  cell: (r) => (
    <span className="vl-anlaeg">
      {r.anlaegsnavn}
      {r.anlaegsnr && <span className="muted"> {r.anlaegsnr}</span>}
    </span>
  ),
});

const forsyningTekst = (r: OppumpetPost) =>
  r.forsyning
    .map(
      (f) =>
        `${f.forsyningsart}: ${tal(f.maengde)} m³${f.modtagerAntal ? ` (${f.modtagerAntal} modt.)` : ''}`,
    )
    .join('; ');

/** Who decided an entry and when: the last columns of the approved and discarded lists. */
function beslutning<
  T extends { besluttetAf: string | null; besluttetDato: string | null },
>(): DataTableColumn<T>[] {
  return [
    { id: 'besluttetAf', header: 'Besluttet af', accessor: (r) => r.besluttetAf },
    {
      id: 'besluttetDato',
      header: 'Dato',
      accessor: (r) => r.besluttetDato,
      cell: (r) => dato(r.besluttetDato),
    },
  ];
}

export function oppumpetKolonner(
  niveau: 'anlaeg' | 'indtag',
  historik = false,
): DataTableColumn<OppumpetPost>[] {
  const k: DataTableColumn<OppumpetPost>[] = [];
  if (!historik) k.push(anlaeg<OppumpetPost>());
  if (niveau === 'indtag' && !historik)
    k.push({
      id: 'indtag',
      header: 'Boring / indtag',
      accessor: (r) => (r.dguNr ? `${r.dguNr} / ${r.indtagsnr}` : ''),
    });
  k.push(
    {
      id: 'periode',
      header: 'Periode',
      accessor: (r) => r.startdato,
      cell: (r) => periode(r.startdato, r.slutdato),
    },
    {
      id: 'maalerstandStart',
      header: 'Målerstand start',
      accessor: (r) => r.maalerstandStart,
      cell: (r) => tal(r.maalerstandStart),
      align: 'right',
    },
    {
      id: 'maalerstandSlut',
      header: 'Målerstand slut',
      accessor: (r) => r.maalerstandSlut,
      cell: (r) => tal(r.maalerstandSlut),
      align: 'right',
    },
    {
      id: 'omregningsfaktor',
      header: 'Faktor',
      accessor: (r) => r.omregningsfaktor,
      cell: (r) => tal(r.omregningsfaktor),
      align: 'right',
      defaultHidden: true,
    },
    {
      id: 'vandmaengdeOppumpet',
      header: 'Oppumpet (m³)',
      accessor: (r) => r.vandmaengdeOppumpet,
      cell: (r) => (
        <span className={r.vandmaengdeOppumpet < 0 ? 'vl-negativ' : undefined}>
          {tal(r.vandmaengdeOppumpet)}
        </span>
      ),
      align: 'right',
    },
  );
  if (niveau === 'anlaeg')
    k.push(
      {
        id: 'egetForbrug',
        header: 'Eget forbrug (m³)',
        accessor: (r) => r.vandvaerketsEgetForbrug,
        cell: (r) => tal(r.vandvaerketsEgetForbrug),
        align: 'right',
        defaultHidden: historik,
      },
      {
        id: 'forsyning',
        header: 'Forsyning',
        accessor: forsyningTekst,
        cell: (r) => (
          <span className="vl-forsyning" title={forsyningTekst(r)}>
            {r.forsyning.length === 0
              ? ''
              : r.forsyning.length === 1
                ? forsyningTekst(r)
                : `${r.forsyning.length} linjer · ${tal(r.forsyning.reduce((s, f) => s + f.maengde, 0))} m³`}
          </span>
        ),
        sortable: false,
        defaultHidden: historik,
      },
    );
  k.push({ id: 'bemaerkning', header: 'Bemærkning', accessor: (r) => r.bemaerkning, sortable: false });
  if (historik) k.push(...beslutning());
  else
    k.push(
      { id: 'indberetter', header: 'Indberetter', accessor: (r) => r.indberetter, defaultHidden: true },
      {
        id: 'indberettet',
        header: 'Indberettet',
        accessor: (r) => r.indberettetDato,
        cell: (r) => dato(r.indberettetDato),
      },
    );
  return k;
}

export function pejlingKolonner(historik = false): DataTableColumn<PejlingPost>[] {
  const k: DataTableColumn<PejlingPost>[] = [];
  if (!historik)
    k.push(anlaeg<PejlingPost>(), {
      id: 'indtag',
      header: 'Boring / indtag',
      accessor: (r) => `${r.dguNr} / ${r.indtagsnr}`,
    });
  k.push(
    {
      id: 'pejletidspunkt',
      header: 'Pejletidspunkt',
      accessor: (r) => r.pejletidspunkt,
      cell: (r) => datoTid(r.pejletidspunkt),
    },
    {
      id: 'vandstand',
      header: 'Vandstand (m u.t.)',
      accessor: (r) => r.vandstandUnderTerraen,
      cell: (r) => (
        <span className={r.vandstandUnderTerraen < 0 ? 'vl-negativ' : undefined}>
          {tal(r.vandstandUnderTerraen)}
        </span>
      ),
      align: 'right',
    },
    {
      id: 'grundvandskote',
      header: 'Grundvandskote (m)',
      accessor: (r) => r.grundvandskote,
      cell: (r) => tal(r.grundvandskote),
      align: 'right',
    },
    { id: 'situation', header: 'Situation', accessor: (r) => situationTekst(r.situation) },
    { id: 'pejlemetode', header: 'Pejlemetode', accessor: (r) => r.pejlemetode, defaultHidden: historik },
    { id: 'bemaerkning', header: 'Bemærkning', accessor: (r) => r.bemaerkning, sortable: false },
  );
  if (historik) k.push(...beslutning());
  return k;
}

const overskridelser = (r: VandproevePost) =>
  r.analyser
    .filter((a) => a.overskredet)
    .map((a) => a.parameter)
    .join(', ');

export function vandproeveKolonner(historik = false): DataTableColumn<VandproevePost>[] {
  const k: DataTableColumn<VandproevePost>[] = [];
  if (!historik) k.push(anlaeg<VandproevePost>());
  k.push(
    { id: 'udtaget', header: 'Udtaget', accessor: (r) => r.udtaget, cell: (r) => dato(r.udtaget) },
    {
      id: 'overskridelser',
      header: 'Overskridelser',
      accessor: (r) => r.antalOverskridelser,
      cell: (r) =>
        r.antalOverskridelser > 0 ? (
          <span className="vl-flag" title={overskridelser(r)}>
            {overskridelser(r)}
          </span>
        ) : (
          <span className="vl-ok">Ingen</span>
        ),
    },
    { id: 'proevested', header: 'Prøvested', accessor: (r) => r.proevested },
    { id: 'proevetype', header: 'Prøvetype', accessor: (r) => r.proevetype },
    { id: 'laboratorium', header: 'Laboratorium', accessor: (r) => r.laboratorium, defaultHidden: historik },
    { id: 'bemaerkning', header: 'Bemærkning', accessor: (r) => r.bemaerkning, sortable: false },
  );
  if (historik) k.push(...beslutning());
  return k;
}
