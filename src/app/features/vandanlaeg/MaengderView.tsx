import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { formatTal, formatTal2 } from '../../../contract/format';
import type { Maengde } from '../../../contract/vand-data';
import { maengdeEndpoints } from '../../../contract/vand-data';
import { fejlTekst } from '../../lib/http-fejl';
import { useVandFokus } from '../../lib/vand-fokus';
import { useFrameCommands } from '../../records/ramme';
import { EjerRamme } from '../../records/ramme-ejer';
import { useDelteVagter } from '../../records/vagt';
import { http } from '../../session/runtime';
import { Button } from '../../ui/Button';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { Spinner } from '../../ui/Spinner';
import { talKolonne, tekstKolonne } from '../../ui/table/kolonner';
import type { TileCommand, ViewProps } from '../../workspace/tile-api';
import { type PlantDetalje, VANDANLAEG_RAMME } from './ejer';
import { MaengdeForm, periodeTekst, statusTekst, ValideringStatus } from './maengder-form';
import { ImportEksportListe } from './registreringer';
import { useAarsoversigt, useFoelgValidering, useMaengder, useSeneste, vandKeys } from './vand-data-api';
import './vand-data.css';

/** uPlot is loaded only when the chart is shown, so the first screen stays small. */
const ChartAar = lazy(() => import('./ChartAar'));

const KOLONNER: DataTableColumn<Maengde>[] = [
  tekstKolonne('periode', 'Periode', (m) => m.startdato, { cell: (m) => periodeTekst(m), width: 190 }),
  talKolonne('oppumpet', 'Oppumpet (m³)', (m) => m.vandmaengdeOppumpet, { decimaler: 2 }),
  talKolonne('importeret', 'Importeret (m³)', (m) => m.importeret, { defaultHidden: true, decimaler: 2 }),
  talKolonne('eksporteret', 'Eksporteret (m³)', (m) => m.eksporteret, { defaultHidden: true, decimaler: 2 }),
  talKolonne('leveret', 'Leveret (m³)', (m) => m.samletLeveretVandmaengde, { decimaler: 2 }),
  talKolonne('ledningstab', 'Ledningstab (m³)', (m) => m.ledningstab, { decimaler: 2 }),
  tekstKolonne('status', 'Validering', (m) => statusTekst(m.status), {
    cell: (m) => <ValideringStatus p={m} />,
  }),
  tekstKolonne('maalerskift', 'Målerskift', (m) => (m.maalerskift ? 'Ja' : ''), { defaultHidden: true }),
];

/** The plant-level pumped quantities: the periods with their validation state, the form, imports/exports and the chart. */
function Maengder({ d }: { d: PlantDetalje }) {
  const id = d.plant.id;
  useFoelgValidering(id);
  // Two forms on the tab (the period, an import/export record): the tile is dirty while either is.
  const vagter = useDelteVagter();
  const liste = useMaengder(id);
  const [valgt, setValgt] = useState<number | 'ny' | null>(null);
  const fokus = useVandFokus(id, 'maengder');
  const rows = liste.data ?? [];

  // 'Åbn vandanlægget ved siden af' from a queue: select the entry (or its period), once per request.
  const anvendt = useRef(0);
  useEffect(() => {
    if (!fokus || fokus.indtagId !== null || !liste.data || anvendt.current === fokus.nr) return;
    const m = liste.data.find((x) => x.id === fokus.id) ?? liste.data.find((x) => x.startdato === fokus.dato);
    if (!m) return;
    anvendt.current = fokus.nr;
    setValgt(m.id);
  }, [fokus, liste.data]);

  const kommandoer = useMemo<TileCommand[]>(
    () =>
      d.kanRette
        ? [
            {
              id: 'maengder:ny',
              label: 'Ny periode (oppumpet vandmængde)',
              shortcut: 'n',
              run: () => setValgt('ny'),
            },
          ]
        : [],
    [d.kanRette],
  );
  useFrameCommands(kommandoer);

  const valgtMaengde = typeof valgt === 'number' ? (rows.find((m) => m.id === valgt) ?? null) : null;
  const seneste = useSeneste(id, null, valgt === 'ny');

  return (
    <div className="wd">
      <section className="wd-sektion">
        <div className="wd-hoved">
          <h3>Oppumpede vandmængder</h3>
          {d.kanRette && (
            <Button size="small" color="secondary" onClick={() => setValgt('ny')}>
              <Plus size={13} aria-hidden="true" /> Ny periode
            </Button>
          )}
        </div>
        <DataTable
          tableName="vandanlaeg-maengder"
          ariaLabel="Oppumpede vandmængder"
          columns={KOLONNER}
          rows={rows}
          getRowId={(m) => String(m.id)}
          mode="memory"
          defaultSort={{ column: 'periode', direction: 'DESC' }}
          loading={liste.isLoading}
          error={liste.error ? fejlTekst(liste.error) : null}
          onRetry={() => void liste.refetch()}
          cursorId={typeof valgt === 'number' ? String(valgt) : null}
          onCursorChange={(m) => m && setValgt(m.id)}
          onOpen={(m) => setValgt(m.id)}
        />
      </section>
      {valgt !== null && (
        <section className="wd-sektion" aria-label="Valgt periode">
          <h3>{valgtMaengde ? `Periode ${periodeTekst(valgtMaengde)}` : 'Ny periode'}</h3>
          {valgt === 'ny' && seneste.isLoading ? (
            <Spinner />
          ) : valgt === 'ny' || valgtMaengde ? (
            <MaengdeForm
              anlaegId={id}
              indtagId={null}
              maengde={valgtMaengde}
              seneste={valgt === 'ny' ? (seneste.data ?? null) : null}
              kanRette={d.kanRette}
              onGemt={(m) => setValgt(m.id)}
              onSlettet={() => setValgt(null)}
              vagt={vagter('periode')}
            />
          ) : null}
        </section>
      )}
      <ImportEksportListe d={d} vagt={vagter('importeksport')} />
      <Fordeling id={id} />
      <Diagram id={id} />
    </div>
  );
}

/** The supply types summed over every period of the plant (vandanlaeg/sumForsyningsarter). */
function Fordeling({ id }: { id: number }) {
  const q = useQuery({
    queryKey: [...vandKeys.alt(id), 'fordeling'],
    queryFn: ({ signal }) =>
      http.call(maengdeEndpoints.sumForsyningsarter, { body: { virksomhedId: id }, signal }),
  });
  if (!q.data || q.data.length === 0) return null;
  return (
    <section className="wd-sektion">
      <h3>Forsyning i alt pr. forsyningsart</h3>
      <table className="wd-table">
        <thead>
          <tr>
            <th>Forsyningsart</th>
            <th className="num">Mængde (m³)</th>
            <th className="num">Perioder</th>
          </tr>
        </thead>
        <tbody>
          {q.data.map((f) => (
            <tr key={f.jupiterForsyningsartId}>
              <td>{f.forsyningsart}</td>
              <td className="num">{formatTal2(f.maengde)}</td>
              <td className="num">{f.antalPerioder}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Diagram({ id }: { id: number }) {
  const q = useAarsoversigt(id);
  const aar = useMemo(() => q.data?.aar ?? [], [q.data]);
  if (!q.data || aar.length === 0) return null;
  return (
    <section className="wd-sektion">
      <h3>
        Oppumpet pr. år{q.data.tilladtM3Aar ? ` (tilladt ${formatTal(q.data.tilladtM3Aar, 0)} m³/år)` : ''}
      </h3>
      <Suspense fallback={<Spinner />}>
        <ChartAar aar={aar} tilladt={q.data.tilladtM3Aar} />
      </Suspense>
    </section>
  );
}

export default function MaengderView(props: ViewProps) {
  return (
    <EjerRamme ejer={VANDANLAEG_RAMME} route={props.route} params={props.params}>
      {(d) => <Maengder d={d} />}
    </EjerRamme>
  );
}
