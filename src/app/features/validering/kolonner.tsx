import type { OppumpetPost, PejlingPost, VandproevePost } from '../../../contract/validering';
import type { DataTableColumn } from '../../ui/DataTable';
import { datoKolonne, type KolonneValg, talKolonne, tekstKolonne } from '../../ui/table/kolonner';
import { datoTid, periode, situationTekst, tal } from './format';

/**
 * Columns of the queues and their history panels. The values a validator decides on (the period and
 * quantity, the reading's time and level, the sample's date and exceedances) are marked smalFoerst:
 * a queue in a third-width tile shows them before the plant (the history header names the cursor
 * row's plant).
 */

/** A number column with the queues' fixed two decimals. */
const tal2Kolonne = <T,>(
  id: string,
  header: string,
  vaerdi: (r: T) => number | null,
  valg: KolonneValg<T> = {},
): DataTableColumn<T> => talKolonne(id, header, vaerdi, { cell: (r) => tal(vaerdi(r)), ...valg });

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
    tekstKolonne('besluttetAf', 'Besluttet af', (r) => r.besluttetAf),
    datoKolonne('besluttetDato', 'Dato', (r) => r.besluttetDato),
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
      smalFoerst: true,
    },
    tal2Kolonne('maalerstandStart', 'Målerstand start', (r) => r.maalerstandStart),
    tal2Kolonne('maalerstandSlut', 'Målerstand slut', (r) => r.maalerstandSlut),
    tal2Kolonne('omregningsfaktor', 'Faktor', (r) => r.omregningsfaktor, { defaultHidden: true }),
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
      smalFoerst: true,
    },
  );
  if (niveau === 'anlaeg')
    k.push(
      tal2Kolonne('egetForbrug', 'Eget forbrug (m³)', (r) => r.vandvaerketsEgetForbrug, {
        defaultHidden: historik,
      }),
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
      tekstKolonne('indberetter', 'Indberetter', (r) => r.indberetter, { defaultHidden: true }),
      datoKolonne('indberettet', 'Indberettet', (r) => r.indberettetDato),
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
      smalFoerst: true,
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
      smalFoerst: true,
    },
    tal2Kolonne('grundvandskote', 'Grundvandskote (m)', (r) => r.grundvandskote),
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
    datoKolonne('udtaget', 'Udtaget', (r) => r.udtaget, { smalFoerst: true }),
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
      smalFoerst: true,
    },
    { id: 'proevested', header: 'Prøvested', accessor: (r) => r.proevested },
    { id: 'proevetype', header: 'Prøvetype', accessor: (r) => r.proevetype },
    { id: 'laboratorium', header: 'Laboratorium', accessor: (r) => r.laboratorium, defaultHidden: historik },
    { id: 'bemaerkning', header: 'Bemærkning', accessor: (r) => r.bemaerkning, sortable: false },
  );
  if (historik) k.push(...beslutning());
  return k;
}
