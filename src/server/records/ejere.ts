import { SAT_RAEKKETYPE } from '../../contract/entitet';
import type { RecordOwner } from '../../contract/record-kind';
import { SAT_EJER, SATVIRKSOMHED_EJER, VANDANLAEG_EJER, VIRKSOMHED_EJER } from '../../contract/record-kind';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import { loadSatEjer, loadSatVirksomhed, loadVandanlaeg, loadVirksomhed } from '../auth/entitet-adgang';
import type { SessionUser } from '../auth/session-user';
import type { Db } from '../db/client';

/** The owner row a record hangs on (`registrering.virksomhed_id`) and whose log gets the entries. */
export interface EjerRaekke {
  id: number;
  type: number;
  omfattetAfBrugerbetaling?: boolean;
}

/**
 * How an owner kind is loaded: the owner of the user's customer (another customer's id is 404), with
 * the read right to look and the write right to change checked; `typer` are the entity types whose
 * rows may own the owner's record kinds (another type answers 404 with the kind's name).
 */
export interface EjerLoader {
  load(db: Db, user: SessionUser, id: number, mode: 'read' | 'write'): Promise<EjerRaekke>;
  typer?: readonly number[];
}

export type EjerRegister = Readonly<Record<string, EjerLoader>>;

/** The owners of the product, by RecordOwner.navn: a new owner kind registers its loader here. */
export const EJERE: EjerRegister = {
  [VIRKSOMHED_EJER.navn]: {
    load: loadVirksomhed,
    typer: [VIRKSOMHEDSTYPE.VIRKSOMHED, VIRKSOMHEDSTYPE.LANDBRUG],
  },
  [VANDANLAEG_EJER.navn]: { load: loadVandanlaeg, typer: [VIRKSOMHEDSTYPE.VANDANLAEG] },
  [SATVIRKSOMHED_EJER.navn]: { load: loadSatVirksomhed, typer: [SAT_RAEKKETYPE] },
  [SAT_EJER.navn]: {
    load: loadSatEjer,
    typer: [SAT_RAEKKETYPE, VIRKSOMHEDSTYPE.VIRKSOMHED, VIRKSOMHEDSTYPE.LANDBRUG],
  },
};

export function ejerLoader(register: EjerRegister, owner: RecordOwner): EjerLoader {
  const loader = register[owner.navn];
  if (!loader) throw new Error(`Ingen ejer registreret med navnet ${owner.navn}`);
  return loader;
}
