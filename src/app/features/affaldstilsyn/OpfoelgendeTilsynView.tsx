import { SAT_TILSYN, varslesSenest } from '../../../contract/sat-registreringer';
import { EjerRamme } from '../../records/ramme-ejer';
import { formatDanskDato } from '../../ui/form';
import type { ViewProps } from '../../workspace/tile-api';
import { SAT_RAMME } from './ejer';
import { SatRecordTab } from './registreringer';

/**
 * The SAT company's follow-up inspections (/affaldstilsyn/:id/opfoelgendetilsyn/:opfoelgendetilsynid?).
 * 'Varsles senest' (14 days before a physical visit) is derived by the server; until a change is
 * saved the form says what it will be.
 */
export default function OpfoelgendeTilsynView({ route, params }: ViewProps) {
  return (
    <EjerRamme ejer={SAT_RAMME} route={route} params={params}>
      {(d) => (
        <SatRecordTab
          d={d}
          kind={SAT_TILSYN}
          params={params}
          feltHint={(navn, v, record) => {
            if (navn !== 'varslesSenest') return null;
            if (v.tilsynstype !== 'Fysisk' || typeof v.dato !== 'string' || !v.dato)
              return 'Kun fysiske tilsyn varsles';
            const senest = varslesSenest(v.dato);
            return record && record.varslesSenest === senest
              ? null
              : `Bliver ${formatDanskDato(senest)}, når tilsynet gemmes`;
          }}
        />
      )}
    </EjerRamme>
  );
}
