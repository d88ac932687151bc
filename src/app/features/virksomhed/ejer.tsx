import { ENTITETER, virksomhedEllerLandbrug } from '../../../contract/entitet';
import { ARTER } from '../../../contract/registreringer';
import type { Virksomhed } from '../../../contract/virksomhed';
import type { RammeEjer } from '../../records/ramme-ejer';
import { keys, useVirksomhed } from './api';
import type { FeltKontekst } from './FeltInput';
import './virksomhed.css';

/** What a tab view gets from the frame: the loaded company and what the user may do with it. */
export interface Detalje {
  v: Virksomhed;
  /** The caseworker right of the company's type. */
  kanRette: boolean;
  ctx: FeltKontekst;
}

/**
 * A company or farm as the frame (src/app/records/ramme-ejer.tsx) shows it: loaded by one call under
 * /virksomheder and /landbrug alike, a company under /landbrug moved to its own address; its user
 * payment published to the tile (the brugerbetaling tab is enabled by it, ./views.ts).
 */
export const VIRKSOMHED_RAMME: RammeEjer<Virksomhed, Detalje> = {
  entitet: ENTITETER.virksomhed,
  entitetAf: (v) => virksomhedEllerLandbrug(v.type),
  useHent: useVirksomhed,
  noegle: keys.virksomhed,
  navn: (v) => v.basis.navn,
  arter: Object.values(ARTER),
  flags: (v) => ({ omfattetAfBrugerbetaling: v.basis.omfattetAfBrugerbetaling === true }),
  fakta: (v, { kanRette, kanLaese }) => (
    <>
      {v.basis.cvrNr && <span>CVR {v.basis.cvrNr}</span>}
      {v.basis.pNr && <span>P-nr. {v.basis.pNr}</span>}
      {virksomhedEllerLandbrug(v.type).harChrNr && v.basis.chrNr && <span>CHR {v.basis.chrNr}</span>}
      {v.lokalitet.adresse && <span className="ramme-adresse">{v.lokalitet.adresse}</span>}
      {v.basis.ophoertDato && <span className="vd-badge">Ophørt</span>}
      {!kanRette && kanLaese && <span className="vd-badge neutral">Kun læseadgang</span>}
    </>
  ),
  detalje: (v, { kanRette, kundeId }) => ({
    v,
    kanRette,
    ctx: {
      virksomhed: v,
      kundeId,
      disabled: !kanRette,
      kendteNavne: new Map(v.sagsbehandlere.map((s) => [s.brugerId, s.navn])),
    },
  }),
};
