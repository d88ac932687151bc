import { FASTMAALESTATION } from '../../../contract/vandanlaeg-registreringer';
import type { ViewProps } from '../../workspace/tile-api';
import { VandanlaegFrame } from './Frame';
import { PlantRecordListe } from './registreringer';

/** The fixed sampling sites tab (/vandanlaeg/:id/fasteproevetagningssteder): create, edit, delete. */
export default function FasteProevetagningsstederView({ route, params }: ViewProps) {
  return (
    <VandanlaegFrame route={route} params={params}>
      {(d) => <PlantRecordListe d={d} kind={FASTMAALESTATION} enesteListe />}
    </VandanlaegFrame>
  );
}
