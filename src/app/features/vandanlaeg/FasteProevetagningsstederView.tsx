import { FASTMAALESTATION } from '../../../contract/vandanlaeg-registreringer';
import { EjerRamme } from '../../records/ramme-ejer';
import type { ViewProps } from '../../workspace/tile-api';
import { VANDANLAEG_RAMME } from './ejer';
import { PlantRecordListe } from './registreringer';

/** The fixed sampling sites tab (/vandanlaeg/:id/fasteproevetagningssteder): create, edit, delete. */
export default function FasteProevetagningsstederView({ route, params }: ViewProps) {
  return (
    <EjerRamme ejer={VANDANLAEG_RAMME} route={route} params={params}>
      {(d) => <PlantRecordListe d={d} kind={FASTMAALESTATION} enesteListe />}
    </EjerRamme>
  );
}
