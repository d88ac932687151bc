import { VANDANLAEG_HAANDHAEVELSE } from '../../../contract/vandanlaeg-registreringer';
import type { ViewProps } from '../../workspace/tile-api';
import { VandanlaegFrame } from './Frame';
import { PlantRecordTab } from './registreringer';

/** The enforcement tab (/vandanlaeg/:id/haandhaevelser/:haandhaevelseid?): type, deadline and status. */
export default function HaandhaevelserView({ route, params }: ViewProps) {
  return (
    <VandanlaegFrame route={route} params={params}>
      {(d) => (
        <PlantRecordTab
          d={d}
          kind={VANDANLAEG_HAANDHAEVELSE}
          params={params}
          fane="haandhaevelser"
          param="haandhaevelseid"
        />
      )}
    </VandanlaegFrame>
  );
}
