import type { AnyRecordKind } from '../../contract/record-kind';
import { useShellSession } from '../session/session-context';
import { useTile, useTileCommands } from '../workspace/tile-api';
import { idAf } from '../workspace/useListeDetalje';
import { RegistreringTab, type RegistreringTabProps } from './RegistreringTab';

const INGEN_NAVNE: ReadonlyMap<number, string> = new Map();

/**
 * The records of a customer-level kind (owner KUNDE_EJER: phrases, map links ...) as a view: the
 * generic list and form with the active customer as owner, the record in the address
 * (`${sti}/${id}`) selected, the tile's commands. Only users with the kind's right reach the view, so
 * they may change its records.
 */
export function KundeRegistreringer(
  p: {
    kind: AnyRecordKind;
    /** The view's path; a record's is `${sti}/${id}`. */
    sti: string;
    /** The route's record id. */
    param: string | undefined;
    /** 'Frasen findes ikke hos den aktive kunde.' */
    ikkeFundet: string;
  } & Pick<
    RegistreringTabProps,
    | 'overskrift'
    | 'listeNavn'
    | 'filter'
    | 'nyeStandard'
    | 'efterAendring'
    | 'pladsholderTekst'
    | 'tabelNavn'
    | 'tom'
    | 'tilForm'
    | 'formKommandoer'
    | 'feltHint'
    | 'kolonneVisning'
    | 'efterFelter'
    | 'hovedTillaeg'
    | 'sletbar'
    | 'feltTilpasning'
    | 'ekstraKolonner'
  >,
) {
  const { kind, sti, param, ikkeFundet, ...tab } = p;
  const { user } = useShellSession();
  const kundeId = user?.customerId ?? 0;
  const tile = useTile();
  const ejer = { id: kundeId, type: 0 };
  if (kundeId <= 0) return null;
  return (
    <RegistreringTab
      {...tab}
      kind={kind}
      ejer={{ ...ejer, kanRette: true, betegnelse: 'den aktive kunde', ikkeFundet }}
      kontekst={{ ejer, kundeId, disabled: false, kendteNavne: INGEN_NAVNE }}
      valg={{
        id: idAf(param),
        vaelg: (id) => tile.navigate(id === null ? sti : `${sti}/${id}`),
        aabnBeside: (id) => tile.openBeside(`${sti}/${id}`),
      }}
      useKommandoer={useTileCommands}
    />
  );
}
