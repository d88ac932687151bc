import { useEffect, useRef, useState } from 'react';
import { formatDato, formatTal } from '../../../contract/format';
import type { VandproevePost } from '../../../contract/validering';
import { fejlTekst } from '../../lib/http-fejl';
import { useVandFokus } from '../../lib/vand-fokus';
import { EjerRamme } from '../../records/ramme-ejer';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { datoKolonne, talKolonne, tekstKolonne } from '../../ui/table/kolonner';
import type { ViewProps } from '../../workspace/tile-api';
import { type PlantDetalje, VANDANLAEG_RAMME } from './ejer';
import { statusTekst, ValideringStatus } from './maengder-form';
import { useFoelgValidering, useVandproever } from './vand-data-api';
import './vand-data.css';

const KOLONNER: DataTableColumn<VandproevePost>[] = [
  datoKolonne('udtaget', 'Udtaget', (p) => p.udtaget, { width: 100 }),
  tekstKolonne('proevested', 'Prøvested', (p) => p.proevested),
  tekstKolonne('proevetype', 'Prøvetype', (p) => p.proevetype),
  tekstKolonne('laboratorium', 'Laboratorium', (p) => p.laboratorium, { defaultHidden: true }),
  talKolonne('overskridelser', 'Overskridelser', (p) => p.antalOverskridelser, {
    cell: (p) =>
      p.antalOverskridelser > 0 ? <span className="wd-overskredet">{p.antalOverskridelser}</span> : '0',
  }),
  tekstKolonne('status', 'Validering', (p) => statusTekst(p.status), {
    cell: (p) => <ValideringStatus p={p} />,
  }),
];

/** The plant's water samples: every validation state, the chosen one's analyses with limits exceeded marked. */
function Vandproever({ d }: { d: PlantDetalje }) {
  const id = d.plant.id;
  useFoelgValidering(id);
  const q = useVandproever(id);
  const rows = q.data ?? [];
  const [valgt, setValgt] = useState<number | null>(null);
  const fokus = useVandFokus(id, 'vandproever');
  // The queue's sample, selected once per request.
  const anvendt = useRef(0);
  useEffect(() => {
    if (!fokus || anvendt.current === fokus.nr || !q.data?.some((p) => p.id === fokus.id)) return;
    anvendt.current = fokus.nr;
    setValgt(fokus.id);
  }, [fokus, q.data]);
  const proeve = rows.find((p) => p.id === valgt) ?? null;
  return (
    <div className="wd">
      <section className="wd-sektion">
        <h3>Vandprøver</h3>
        <DataTable
          tableName="vandanlaeg-vandproever"
          ariaLabel="Vandprøver"
          columns={KOLONNER}
          rows={rows}
          getRowId={(p) => String(p.id)}
          mode="memory"
          defaultSort={{ column: 'udtaget', direction: 'DESC' }}
          loading={q.isLoading}
          error={q.error ? fejlTekst(q.error) : null}
          onRetry={() => void q.refetch()}
          cursorId={valgt === null ? null : String(valgt)}
          onCursorChange={(p) => p && setValgt(p.id)}
          onOpen={(p) => setValgt(p.id)}
        />
      </section>
      {proeve && (
        <section className="wd-sektion" aria-label="Analyser">
          <h3>
            Prøve {formatDato(proeve.udtaget)}, {proeve.proevested}
          </h3>
          <p className="wd-state">
            {proeve.proevetype} · {proeve.laboratorium} · Validering: <ValideringStatus p={proeve} />
          </p>
          {proeve.bemaerkning && <p>{proeve.bemaerkning}</p>}
          <table className="wd-table">
            <thead>
              <tr>
                <th>Parameter</th>
                <th className="num">Værdi</th>
                <th>Enhed</th>
                <th className="num">Grænseværdi</th>
                <th>Overskredet</th>
              </tr>
            </thead>
            <tbody>
              {proeve.analyser.map((a) => (
                <tr key={a.parameter} className={a.overskredet ? 'wd-overskredet' : undefined}>
                  <td>{a.parameter}</td>
                  <td className="num">{formatTal(a.vaerdi, 4)}</td>
                  <td>{a.enhed}</td>
                  <td className="num">{a.graensevaerdi === null ? '' : formatTal(a.graensevaerdi, 4)}</td>
                  <td>{a.overskredet ? 'Ja – over grænseværdien' : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

export default function VandproeverView(props: ViewProps) {
  return (
    <EjerRamme ejer={VANDANLAEG_RAMME} route={props.route} params={props.params}>
      {(d) => <Vandproever d={d} />}
    </EjerRamme>
  );
}
