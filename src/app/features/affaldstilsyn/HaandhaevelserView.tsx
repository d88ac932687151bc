import { SAT_HAANDHAEVELSE } from '../../../contract/sat-registreringer';
import type { ViewProps } from '../../workspace/tile-api';
import { SatFrame } from './Frame';
import { SatRecordTab } from './registreringer';

/** The SAT company's enforcement tab (/affaldstilsyn/:id/haandhaevelser/:satHaandhaevelseId?). */
export default function HaandhaevelserView({ route, params }: ViewProps) {
  return (
    <SatFrame route={route} params={params}>
      {(d) => (
        <SatRecordTab
          d={d}
          kind={SAT_HAANDHAEVELSE}
          params={params}
          fane="haandhaevelser"
          param="satHaandhaevelseId"
        />
      )}
    </SatFrame>
  );
}
