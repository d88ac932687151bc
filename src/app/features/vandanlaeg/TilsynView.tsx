import { VANDANLAEG_TILSYN } from '../../../contract/vandanlaeg-registreringer';
import type { ViewProps } from '../../workspace/tile-api';
import { TilsynFiler } from './Filer';
import { VandanlaegFrame } from './Frame';
import { PlantRecordTab } from './registreringer';

/** The inspections tab 'Tilsyn / opfølgning' (/vandanlaeg/:id/tilsyn/:tilsynid?), each with its files. */
export default function TilsynView({ route, params }: ViewProps) {
  return (
    <VandanlaegFrame route={route} params={params}>
      {(d) => (
        <PlantRecordTab
          d={d}
          kind={VANDANLAEG_TILSYN}
          params={params}
          fane="tilsyn"
          param="tilsynid"
          tilbehoer={(r) => <TilsynFiler plantId={d.plant.id} tilsynId={r.id} kanRette={d.kanRette} />}
        />
      )}
    </VandanlaegFrame>
  );
}
