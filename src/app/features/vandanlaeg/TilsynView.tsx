import { VANDANLAEG_TILSYN } from '../../../contract/vandanlaeg-registreringer';
import { EjerRamme } from '../../records/ramme-ejer';
import type { ViewProps } from '../../workspace/tile-api';
import { VANDANLAEG_RAMME } from './ejer';
import { TilsynFiler } from './Filer';
import { PlantRecordTab } from './registreringer';

/** The inspections tab 'Tilsyn / opfølgning' (/vandanlaeg/:id/tilsyn/:tilsynid?), each with its files. */
export default function TilsynView({ route, params }: ViewProps) {
  return (
    <EjerRamme ejer={VANDANLAEG_RAMME} route={route} params={params}>
      {(d) => (
        <PlantRecordTab
          d={d}
          kind={VANDANLAEG_TILSYN}
          params={params}
          tilbehoer={(r) => <TilsynFiler plantId={d.plant.id} tilsynId={r.id} kanRette={d.kanRette} />}
        />
      )}
    </EjerRamme>
  );
}
