import { type ReactNode, useMemo, useState } from 'react';
import type { Vandanlaeg } from '../../../contract/vandanlaeg';
import { PostNaervaer, RedigeresAf, usePostNaervaer } from '../../records/naervaer';
import {
  FavoritStjerne,
  FrameCommands,
  favoritKommando,
  RammeKrop,
  RammeVenter,
  useFavorit,
} from '../../records/ramme';
import { type PanelEjer, panelKeys, useSidePanels } from '../../records/SidePanels';
import type { RouteDef, RouteParams } from '../../routes/route-table';
import { useShellSession } from '../../session/session-context';
import { type TileCommand, useTileCommands, useTileTitle } from '../../workspace/tile-api';
import { useVandanlaeg, vandanlaegKeys } from './api';
import './vandanlaeg.css';

/** What a tab view gets from the frame: the loaded plant and whether the user may change it. */
export interface PlantDetalje {
  plant: Vandanlaeg;
  /** The session holds SAGSBEHANDLER_VANDANLAEG; otherwise the tab is read-only. */
  kanRette: boolean;
}

const SKRIVERET = 'SAGSBEHANDLER_VANDANLAEG';

/** The plant's log (automatic entries of every change, and notes): stale after a change of the plant. */
export const logbogKey = (id: number) => panelKeys.logbog(vandanlaegKeys.plant(id));

/** The tab of each of the plant's record kinds that selects a record by the id in its path. */
const FANE: Readonly<Record<string, string>> = {
  VandanlaegTilladelse: 'tilladelser',
  VandanlaegTilsyn: 'tilsyn',
  VandanlaegHaandhaevelse: 'haandhaevelser',
};
/** The tab that shows the rest of the plant's kinds (no record id in the path). */
const LISTE_FANE: Readonly<Record<string, string>> = {
  DiademAnalysefrekvens: 'diadem',
  DiademAnlaegspaabud: 'diadem',
  DiademBoringspaabud: 'diadem',
  DiademAnlaegspaabudDispensation: 'diadem',
  DiademBoringspaabudDispensation: 'diadem',
  ImportEksportVandmaengder: 'maengder',
  Fastmaalestation: 'fasteproevetagningssteder',
};

/** The path a timeline entry of the plant links to: the record on its tab, or the tab. */
export function plantRegistreringSti(plantId: number, art: string, registreringId: number): string | null {
  const fane = FANE[art];
  if (fane) return `/vandanlaeg/${plantId}/${fane}/${registreringId}`;
  const liste = LISTE_FANE[art];
  return liste ? `/vandanlaeg/${plantId}/${liste}` : null;
}

/** Registers a tab's own commands beside the frame's (the tile holds one list). */
export { useFrameCommands } from '../../records/ramme';

/** The plant's Jupiter status as a short badge text and tone. */
function jupiterBadge(p: Vandanlaeg): { tekst: string; tone: 'ok' | 'fejl' | 'neutral' } | null {
  const s = p.jupiterStatus;
  if (!s) return p.basis.indberetning ? { tekst: 'Jupiter: ikke indberettet', tone: 'neutral' } : null;
  if (s.status === 'OK') return { tekst: 'Jupiter: OK', tone: 'ok' };
  return { tekst: `Jupiter: fejl${s.fejlTypeKode ? ` (${s.fejlTypeKode})` : ''}`, tone: 'fejl' };
}

/**
 * The shared frame of every tab of a water plant: loads the plant (['vandanlaeg', id]), names the
 * tile after it, shows the header line (anlægsnr., Jupiter-id, address, read-only note, Jupiter
 * status), the side panels (timeline, log, ad hoc tasks: one at a time, shared with the company
 * frame) and renders the tab, keyed by the plant so no tab state carries over to another plant.
 */
export function VandanlaegFrame({
  route,
  params,
  children,
}: {
  route: RouteDef;
  params: RouteParams;
  children(d: PlantDetalje): ReactNode;
}) {
  const id = Number(params.id);
  const q = useVandanlaeg(id);
  const session = useShellSession();
  const plant = q.data;
  useTileTitle(plant?.basis.anlaegsnavn ?? null);

  const [tabCommands, setTabCommands] = useState<TileCommand[]>([]);
  const { favorit, toggle } = useFavorit(
    plant ? { id: plant.id, navn: plant.basis.anlaegsnavn } : undefined,
    'Vandanlaeg',
  );
  const panels = useSidePanels();
  const commands = useMemo<TileCommand[]>(
    () => (plant ? [...tabCommands, ...panels.commands, favoritKommando(favorit, toggle)] : []),
    [plant, tabCommands, favorit, toggle, panels.commands],
  );
  useTileCommands(commands);
  // Presence: who else has unsaved changes here, and this tab's own unsaved changes told to them.
  const naervaer = usePostNaervaer(plant?.id, route.title);

  if (!Number.isInteger(id) || id <= 0 || q.isLoading || !plant) {
    return (
      <RammeVenter
        idGyldigt={Number.isInteger(id) && id > 0}
        henter={q.isLoading}
        fejl={q.error}
        tekster={{
          ikkeFundet: 'Vandanlægget blev ikke fundet',
          findesIkke: 'Det findes ikke hos den aktive kunde, eller det er slettet.',
          ingenLaeseret: 'Du har ikke læseret til vandanlæg.',
          kunneIkkeHentes: 'Vandanlægget kunne ikke hentes',
        }}
        onProevIgen={() => void q.refetch()}
      />
    );
  }

  const kanRette = session.ressourcer.has(SKRIVERET);
  const badge = jupiterBadge(plant);
  const adresse = plant.adresse.fuldeAdresse;
  const ejer: PanelEjer = {
    id: plant.id,
    navn: plant.basis.anlaegsnavn,
    kanRette,
    noegle: vandanlaegKeys.plant(plant.id),
    registreringSti: (art, registreringId) => plantRegistreringSti(plant.id, art, registreringId),
  };
  return (
    <FrameCommands.Provider value={setTabCommands}>
      <RammeKrop
        id={plant.id}
        panels={panels}
        ejer={ejer}
        linje={
          <>
            <FavoritStjerne favorit={favorit} onClick={toggle} />
            <span className="ramme-facts">
              {plant.basis.anlaegsnr && <span>Anlægsnr. {plant.basis.anlaegsnr}</span>}
              {plant.basis.jupiterId && <span>Jupiter-id {plant.basis.jupiterId}</span>}
              {adresse && <span className="ramme-adresse">{adresse}</span>}
              {!kanRette && <span className="ramme-badge neutral">Kun læseadgang</span>}
              {badge && (
                <span
                  className={`ramme-badge ${badge.tone}`}
                  title={plant.jupiterStatus?.fejlTypeTekst ?? undefined}
                >
                  {badge.tekst}
                </span>
              )}
            </span>
            <RedigeresAf andre={naervaer.redigerer} />
          </>
        }
      >
        <PostNaervaer melder={naervaer.melder}>{children({ plant, kanRette })}</PostNaervaer>
      </RammeKrop>
    </FrameCommands.Provider>
  );
}
