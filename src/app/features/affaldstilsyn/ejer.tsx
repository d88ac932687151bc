import { ENTITETER } from '../../../contract/entitet';
import type { SatStatus, SatVirksomhed } from '../../../contract/sat';
import { SAT_ARTER } from '../../../contract/sat-registreringer';
import { formatIsoDato, isoDatoAf } from '../../lib/dates';
import type { RammeEjer } from '../../records/ramme-ejer';
import { satKeys, satStam, useSatVirksomhed } from './detail-api';
import { deadlineOverskredet } from './liste-kolonner';
import './detalje.css';

/** What a tab view gets from the frame: the loaded SAT company and whether the user may change it. */
export interface SatDetalje {
  sat: SatVirksomhed;
  /** The session holds SAGSBEHANDLER_AFFALD (the programme's only right; without it nothing loads). */
  kanRette: boolean;
}

const STATUS_TONE: Record<SatStatus, string> = {
  Udvalgt: 'neutral',
  Udført: 'info',
  Overført: 'ok',
  Faktureret: 'ok',
};

/**
 * A SAT company as the frame (src/app/records/ramme-ejer.tsx) shows it: loaded under
 * ['satvirksomhed', id], its header line P-nr., CVR-nr., period, status, deadline and origin; the
 * side panels work on its id (a SAT company is a company row). SAT companies are not favourites:
 * the kind has no favourite type, so no star.
 */
export const SAT_RAMME: RammeEjer<SatVirksomhed, SatDetalje> = {
  entitet: ENTITETER.satvirksomhed,
  useHent: useSatVirksomhed,
  noegle: satKeys.sat,
  navn: (sat) => satStam(sat).navn,
  arter: SAT_ARTER,
  fakta: (sat, { kanRette }) => {
    const stam = satStam(sat);
    const overskredet = deadlineOverskredet(
      { deadlineDato: stam.deadlineDato, satStatus: sat.satStatus },
      isoDatoAf(new Date()),
    );
    return (
      <>
        {stam.pNr && <span>P-nr. {stam.pNr}</span>}
        {stam.cvrNr && <span>CVR-nr. {stam.cvrNr}</span>}
        {sat.satTilsynsperiode && <span>{sat.satTilsynsperiode}</span>}
        <span className={`ramme-badge ${STATUS_TONE[sat.satStatus]}`} data-testid="sat-status">
          {sat.satStatus}
        </span>
        {stam.deadlineDato && (
          <span className={overskredet ? 'sat-deadline overskredet' : 'sat-deadline'}>
            Deadline {formatIsoDato(stam.deadlineDato)}
            {overskredet && ' (overskredet)'}
          </span>
        )}
        {sat.fraSatListe && <span className="ramme-badge neutral">Fra Miljøstyrelsens liste</span>}
        {stam.erLandbrug && <span className="ramme-badge neutral">Landbrug</span>}
        {!kanRette && <span className="ramme-badge neutral">Kun læseadgang</span>}
      </>
    );
  },
  detalje: (sat, { kanRette }) => ({ sat, kanRette }),
};
