import type { AnyRecordKind } from '../../contract/record-kind';
import { useShellSession } from '../session/session-context';
import { type TileCommand, useTile, useTileCommands } from '../workspace/tile-api';
import { idAf } from '../workspace/useListeDetalje';
import { RegistreringTab, type RegistreringTabProps } from './RegistreringTab';

const INGEN_NAVNE: ReadonlyMap<number, string> = new Map();

/** What a view of an owner's records of one kind passes on to the generic tab. */
type TabValg = Pick<
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
  | 'formBesked'
  | 'formHandlinger'
  | 'visningsKommandoer'
  | 'liste'
  | 'valg'
  | 'vagt'
>;

export interface EjerRegistreringerProps extends TabValg {
  kind: AnyRecordKind;
  /** The owner's id: the customer's, a planning period's. */
  ejerId: number;
  /** 'den aktive kunde', 'perioden': where a missing record was looked for. */
  betegnelse: string;
  /**
   * The view's path; a record's is `${sti}/${id}`. None: the selection is the view's (its `valg`)
   * or the tab's own.
   */
  sti?: string;
  /** The route's record id. */
  param?: string | undefined;
  /** 'Frasen findes ikke hos den aktive kunde.' */
  ikkeFundet: string;
  /** Where the tab's commands go; default the tile's (a tile of several lists merges them first). */
  useKommandoer?(commands: TileCommand[]): void;
}

/**
 * The records of a customer- or period-level kind (owners KUNDE_EJER, PERIODE_EJER: phrases, map
 * links, a period's resources ...) as a view: the generic list and form with the owner given, the
 * record in the address (`${sti}/${id}`) selected where the view has such addresses, the tile's
 * commands. Only users with the kind's right reach the view, so they may change its records.
 */
export function EjerRegistreringer(p: EjerRegistreringerProps) {
  const { kind, ejerId, betegnelse, sti, param, ikkeFundet, useKommandoer, ...tab } = p;
  const { user } = useShellSession();
  const kundeId = user?.customerId ?? 0;
  const tile = useTile();
  const ejer = { id: ejerId, type: 0 };
  if (ejerId <= 0) return null;
  return (
    <RegistreringTab
      {...tab}
      kind={kind}
      ejer={{ ...ejer, kanRette: true, betegnelse, ikkeFundet }}
      kontekst={{ ejer, kundeId, disabled: false, kendteNavne: INGEN_NAVNE }}
      valg={
        sti === undefined
          ? tab.valg
          : {
              id: idAf(param),
              vaelg: (id) => tile.navigate(id === null ? sti : `${sti}/${id}`),
              aabnBeside: (id) => tile.openBeside(`${sti}/${id}`),
            }
      }
      useKommandoer={useKommandoer ?? useTileCommands}
    />
  );
}

/** The records of a customer-level kind (owner KUNDE_EJER): the owner is the active customer. */
export function KundeRegistreringer(
  p: {
    kind: AnyRecordKind;
    /** The view's path; a record's is `${sti}/${id}`. */
    sti: string;
    /** The route's record id. */
    param: string | undefined;
    /** 'Frasen findes ikke hos den aktive kunde.' */
    ikkeFundet: string;
  } & TabValg &
    Pick<EjerRegistreringerProps, 'useKommandoer'>,
) {
  const { user } = useShellSession();
  return <EjerRegistreringer {...p} ejerId={user?.customerId ?? 0} betegnelse="den aktive kunde" />;
}
