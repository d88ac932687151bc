import { createContext, useContext, useMemo, useRef, useState } from 'react';
import { GEBYRTYPE, type GebyrTypeAdmin } from '../../../contract/fakturering';
import { formatOere } from '../../../contract/format';
import type { AnyRecord } from '../../../contract/record-kind';
import { KundeRegistreringer } from '../../records/KundeRegistreringer';
import { useDelKommandoer } from '../../records/ramme';
import { useDelteVagter } from '../../records/vagt';
import { NyTast } from '../../ui/ListeRude';
import { type TileCommand, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { GEBYRTYPER_STI, GEBYRTYPER_TAST, type Gemmere } from './gebyrtyper-gem';
import { FaktureringRamme } from './Ramme';
import { SatsListe } from './SatsListe';
import '../../records/record.css';
import './fakturering-admin.css';

export { GEBYRTYPER_STI } from './gebyrtyper-gem';

/**
 * /fakturering/gebyrtyper/:satGebyrTypeId? (OKONOMI_ADMIN): the customer's SAT fee types (record kind
 * GEBYRTYPE: name, hourly or fixed, rate in kroner, validity, active, the fees using each) in the
 * generic list and form with the one in the address, and below them the settlement years' rates of
 * user payment (hourly rate, the shares charged for outside services and for livestock approvals),
 * each year editable (SatsListe, SatsForm). The tile's one Gem saves the form the cursor is in.
 */
export default function GebyrtyperView({ params }: ViewProps) {
  return <FaktureringRamme>{() => <Gebyrtyper param={params.satGebyrTypeId} />}</FaktureringRamme>;
}

const som = (r: AnyRecord) => r as unknown as GebyrTypeAdmin;

/** The rate as the list says it: per hour for an hourly fee. */
const KOLONNER = {
  satsOere: {
    tekst: (r: AnyRecord) => `${formatOere(som(r).satsOere)}${som(r).art === 'timesats' ? ' pr. time' : ''}`,
  },
};

/**
 * The fee types' list commands, named in this tile of two lists: 'Ny gebyrtype', 'Gå til
 * gebyrtyperne', and the form's save as 'Gem gebyrtype' (the tile's one Gem is the view's).
 */
const TYPE_KOMMANDOER: Readonly<Record<string, Partial<TileCommand>>> = {
  ny: { id: 'ny-gebyrtype', keywords: ['ny', 'opret', 'gebyr', 'gebyrtype'] },
  liste: { id: 'gebyrtyper-liste', label: 'Gå til gebyrtyperne', keywords: ['liste', 'gebyrtyper'] },
  gem: { id: 'gem-gebyrtype', label: 'Gem gebyrtype', shortcut: undefined, keywords: ['gem', 'gebyrtype'] },
};

/** Where the fee types' tab hands its commands: the view merges them with the rates'. */
const TypeKommandoer = createContext<(c: TileCommand[]) => void>(() => {});
function useTypeKommandoer(commands: TileCommand[]) {
  useDelKommandoer(useContext(TypeKommandoer), commands);
}

function Gebyrtyper({ param }: { param: string | undefined }) {
  const vagter = useDelteVagter();
  const [typeKommandoer, setTypeKommandoer] = useState<TileCommand[]>([]);
  const [satsKommandoer, setSatsKommandoer] = useState<TileCommand[]>([]);
  const gemmere = useRef<Gemmere>({});
  const alle = useMemo<TileCommand[]>(() => {
    const typeGem = typeKommandoer.find((c) => c.id === 'gem');
    return [
      {
        id: 'gem',
        label: 'Gem',
        shortcut: GEBYRTYPER_TAST.gem,
        keywords: ['gem', 'gebyrtype', 'satser'],
        // One tile, two forms: the one with the cursor, else the fee type's, else the rates'.
        run: () => {
          const satser = gemmere.current.satser;
          if (document.activeElement?.closest('[data-form="satser"]') && satser) satser();
          else if (typeGem) typeGem.run();
          else satser?.();
        },
      },
      ...typeKommandoer.map((c) => ({ ...c, ...TYPE_KOMMANDOER[c.id] })),
      ...satsKommandoer,
    ];
  }, [typeKommandoer, satsKommandoer]);
  useTileCommands(alle);
  return (
    <div className="fa-admin">
      <div className="fa-admin-del fa-gebyrtyper">
        <TypeKommandoer.Provider value={setTypeKommandoer}>
          <KundeRegistreringer
            kind={GEBYRTYPE}
            sti={GEBYRTYPER_STI}
            param={param}
            ikkeFundet="Gebyrtypen findes ikke hos den aktive kunde."
            tabelNavn="fakturering-gebyrtyper"
            kolonneVisning={KOLONNER}
            vagt={vagter('gebyrtype')}
            useKommandoer={useTypeKommandoer}
            tom={
              <>
                Kunden har ingen gebyrtyper endnu. Opret den første med <NyTast />.
              </>
            }
            hovedTillaeg={(r) => (
              <span className="muted small">
                {som(r).antalGebyrer === 0
                  ? 'Ingen gebyrer bruger typen endnu'
                  : `Bruges af ${som(r).antalGebyrer} ${som(r).antalGebyrer === 1 ? 'gebyr' : 'gebyrer'}`}
              </span>
            )}
            formBesked={(r) =>
              som(r).antalGebyrer > 0 && (
                <p className="form-alert info">
                  En ny sats gælder kun nye gebyrer: de registrerede gebyrer beholder det beløb, de blev
                  beregnet med.
                </p>
              )
            }
          />
        </TypeKommandoer.Provider>
      </div>
      <SatsListe vagt={vagter('satser')} setKommandoer={setSatsKommandoer} gemmere={gemmere} />
    </div>
  );
}
