import { KOE_ENDPOINTS, type VandproevePost } from '../../../contract/validering';
import type { ViewProps } from '../../workspace/tile-api';
import { dato, tal } from './format';
import { type KoeKonfig, KoeView } from './KoeView';
import { vandproeveKolonner } from './kolonner';

function Analyser({ p }: { p: VandproevePost }) {
  return (
    <div className="vl-analyser">
      <div className="vl-analyser-hoved">
        Analyser · {p.proevested}, udtaget {dato(p.udtaget)} · {p.laboratorium}
      </div>
      <table className="vl-analysetabel">
        <thead>
          <tr>
            <th>Parameter</th>
            <th className="num">Værdi</th>
            <th>Enhed</th>
            <th className="num">Grænseværdi</th>
          </tr>
        </thead>
        <tbody>
          {p.analyser.map((a) => (
            <tr key={a.parameter} className={a.overskredet ? 'vl-over' : undefined}>
              <td>{a.parameter}</td>
              <td className="num">{tal(a.vaerdi)}</td>
              <td>{a.enhed}</td>
              <td className="num">
                {a.graensevaerdi === null
                  ? '–'
                  : a.parameter === 'pH'
                    ? `7,00–${tal(a.graensevaerdi)}`
                    : tal(a.graensevaerdi)}
                {a.overskredet && <span className="vl-flag"> Overskredet</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const KONFIG: KoeKonfig<VandproevePost> = {
  endpoints: KOE_ENDPOINTS.vandproeve,
  titel: 'Vandprøver',
  tableName: 'valideringVandproever',
  kolonner: vandproeveKolonner(),
  historikKolonner: vandproeveKolonner(true),
  historik: (r) => ({ id: r.vandanlaegId, titel: r.anlaegsnavn }),
  anlaegFane: 'vandproever',
  enhed: { ental: 'vandprøve', flertal: 'vandprøver' },
  detaljer: (r) => <Analyser p={r} />,
};

/** /validering/vandproever: water samples with their analyses, awaiting approval. */
export default function VandproeverView(_props: ViewProps) {
  return <KoeView konfig={KONFIG} />;
}
