import { VANDANLAEG_TILLADELSE } from '../../../contract/vandanlaeg-registreringer';
import { EjerRamme } from '../../records/ramme-ejer';
import type { ViewProps } from '../../workspace/tile-api';
import { VANDANLAEG_RAMME } from './ejer';
import { PlantRecordTab } from './registreringer';

/**
 * The permits tab (/vandanlaeg/:id/tilladelser/:tilladelseid?): the plant's permits with their
 * status (Gældende/Udløbet), revocation and boreholes. The fixed permit purpose is saved, not shown.
 */
export default function TilladelserView({ route, params }: ViewProps) {
  return (
    <EjerRamme ejer={VANDANLAEG_RAMME} route={route} params={params}>
      {(d) => (
        <PlantRecordTab
          d={d}
          kind={VANDANLAEG_TILLADELSE}
          params={params}
          skjulte={['tilladelsesformaalId']}
        />
      )}
    </EjerRamme>
  );
}
