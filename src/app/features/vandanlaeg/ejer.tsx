import { ENTITETER } from '../../../contract/entitet';
import type { Vandanlaeg } from '../../../contract/vandanlaeg';
import { VANDANLAEG_ARTER } from '../../../contract/vandanlaeg-registreringer';
import type { RammeEjer } from '../../records/ramme-ejer';
import { panelKeys } from '../../records/SidePanels';
import { useVandanlaeg, vandanlaegKeys } from './api';
import './vandanlaeg.css';

/** What a tab view gets from the frame: the loaded plant and whether the user may change it. */
export interface PlantDetalje {
  plant: Vandanlaeg;
  /** The session holds SAGSBEHANDLER_VANDANLAEG; otherwise the tab is read-only. */
  kanRette: boolean;
}

/** The plant's log (automatic entries of every change, and notes): stale after a change of the plant. */
export const logbogKey = (id: number) => panelKeys.logbog(vandanlaegKeys.plant(id));

/** The plant's Jupiter status as a short badge text and tone. */
function jupiterBadge(p: Vandanlaeg): { tekst: string; tone: 'ok' | 'fejl' | 'neutral' } | null {
  const s = p.jupiterStatus;
  if (!s) return p.basis.indberetning ? { tekst: 'Jupiter: ikke indberettet', tone: 'neutral' } : null;
  if (s.status === 'OK') return { tekst: 'Jupiter: OK', tone: 'ok' };
  return { tekst: `Jupiter: fejl${s.fejlTypeKode ? ` (${s.fejlTypeKode})` : ''}`, tone: 'fejl' };
}

/**
 * A water plant as the frame (src/app/records/ramme-ejer.tsx) shows it: loaded under
 * ['vandanlaeg', id], its header line anlægsnr., Jupiter-id, address, read-only note and Jupiter
 * status; the timeline links to the tabs its record kinds declare.
 */
export const VANDANLAEG_RAMME: RammeEjer<Vandanlaeg, PlantDetalje> = {
  entitet: ENTITETER.vandanlaeg,
  useHent: useVandanlaeg,
  noegle: vandanlaegKeys.plant,
  navn: (p) => p.basis.anlaegsnavn,
  arter: VANDANLAEG_ARTER,
  fakta: (plant, { kanRette }) => {
    const badge = jupiterBadge(plant);
    return (
      <>
        {plant.basis.anlaegsnr && <span>Anlægsnr. {plant.basis.anlaegsnr}</span>}
        {plant.basis.jupiterId && <span>Jupiter-id {plant.basis.jupiterId}</span>}
        {plant.adresse.fuldeAdresse && <span className="ramme-adresse">{plant.adresse.fuldeAdresse}</span>}
        {!kanRette && <span className="ramme-badge neutral">Kun læseadgang</span>}
        {badge && (
          <span
            className={`ramme-badge ${badge.tone}`}
            title={plant.jupiterStatus?.fejlTypeTekst ?? undefined}
          >
            {badge.tekst}
          </span>
        )}
      </>
    );
  },
  detalje: (plant, { kanRette }) => ({ plant, kanRette }),
};
