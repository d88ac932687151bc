import { ARTER } from '../../../contract/registreringer';
import { EjerRamme } from '../../records/ramme-ejer';
import type { ViewProps } from '../../workspace/tile-api';
import { VIRKSOMHED_RAMME } from './ejer';
import { RegistreringTab } from './RegistreringTab';
import { SatResultatKort } from './SatResultatKort';

/**
 * The tilsyn tab: …/:id/tilsyn/:tilsynid?. Holders of SAGSBEHANDLER_AFFALD also see the company's
 * SAT result (a compact card above the inspections).
 */
export default function TilsynView({ route, params }: ViewProps) {
  return (
    <EjerRamme ejer={VIRKSOMHED_RAMME} route={route} params={params}>
      {(d) => (
        <div className="vs-tilsyn">
          <SatResultatKort v={d.v} />
          <RegistreringTab d={d} kind={ARTER.tilsyn} params={params} />
        </div>
      )}
    </EjerRamme>
  );
}
