import { useMemo, useRef, useState } from 'react';
import { useDelteVagter } from '../../records/vagt';
import { type TileCommand, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { GebyrTypeListe } from './GebyrTypeListe';
import { GEBYRTYPER_TAST, type Gemmere } from './gebyrtyper-gem';
import { FaktureringRamme } from './Ramme';
import { SatsListe } from './SatsListe';
import '../../records/record.css';
import './fakturering-admin.css';

export { GEBYRTYPER_STI } from './gebyrtyper-gem';

/**
 * /fakturering/gebyrtyper/:satGebyrTypeId? (OKONOMI_ADMIN): the customer's SAT fee types (name,
 * hourly or fixed, rate in kroner, validity, active, the fees using each) with the form of the one in
 * the address (GebyrTypeListe, GebyrTypeForm), and below them the settlement years' rates of user
 * payment (hourly rate, the shares charged for outside services and for livestock approvals), each
 * year editable (SatsListe, SatsForm). The tile's one Gem saves the form the cursor is in.
 */
export default function GebyrtyperView({ params }: ViewProps) {
  return <FaktureringRamme>{() => <Gebyrtyper param={params.satGebyrTypeId} />}</FaktureringRamme>;
}

function Gebyrtyper({ param }: { param: string | undefined }) {
  const vagter = useDelteVagter();
  const [satsKommandoer, setSatsKommandoer] = useState<TileCommand[]>([]);
  const [listeKommandoer, setListeKommandoer] = useState<TileCommand[]>([]);
  const gemmere = useRef<Gemmere>({});
  const alle = useMemo<TileCommand[]>(
    () => [
      {
        id: 'gem',
        label: 'Gem',
        shortcut: GEBYRTYPER_TAST.gem,
        keywords: ['gem', 'gebyrtype', 'satser'],
        // One tile, two forms: the one with the cursor, else the fee type's, else the rates'.
        run: () => {
          const g = gemmere.current;
          if (document.activeElement?.closest('[data-form="satser"]') && g.satser) g.satser();
          else (g.gebyrtype ?? g.satser)?.();
        },
      },
      ...listeKommandoer,
      ...satsKommandoer,
    ],
    [listeKommandoer, satsKommandoer],
  );
  useTileCommands(alle);
  return (
    <div className="fa-admin">
      <GebyrTypeListe
        param={param}
        vagt={vagter('gebyrtype')}
        setListeKommandoer={setListeKommandoer}
        gemmere={gemmere}
      />
      <SatsListe vagt={vagter('satser')} setKommandoer={setSatsKommandoer} gemmere={gemmere} />
    </div>
  );
}
