import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { SatStatus, SatVirksomhed } from '../../../contract/sat';
import { formatIsoDato, isoDatoAf } from '../../lib/dates';
import { PostNaervaer, RedigeresAf, usePostNaervaer } from '../../records/naervaer';
import { FrameCommands, RammeKrop, RammeVenter } from '../../records/ramme';
import { type PanelEjer, useSidePanels } from '../../records/SidePanels';
import type { RouteDef, RouteParams } from '../../routes/route-table';
import { useShellSession } from '../../session/session-context';
import { type TileCommand, useTileCommands, useTileTitle } from '../../workspace/tile-api';
import { satKeys, satStam, useSatVirksomhed } from './detail-api';
import './detalje.css';

/** Registers a tab's own commands beside the frame's (the tile holds one list). */
export { useFrameCommands } from '../../records/ramme';
export { satKeys } from './detail-api';

/** What a tab view gets from the frame: the loaded SAT company and whether the user may change it. */
export interface SatDetalje {
  sat: SatVirksomhed;
  /** The session holds SAGSBEHANDLER_AFFALD (the programme's only right; without it nothing loads). */
  kanRette: boolean;
}

const SKRIVERET = 'SAGSBEHANDLER_AFFALD';

/** The tab of each SAT record kind (the result has no id in its tab's path). */
export function satRegistreringSti(satId: number, art: string, registreringId: number): string | null {
  switch (art) {
    case 'satresultat':
      return `/affaldstilsyn/${satId}/affaldstilsyn`;
    case 'sattilsyn':
      return `/affaldstilsyn/${satId}/opfoelgendetilsyn/${registreringId}`;
    case 'sathaandhaevelse':
      return `/affaldstilsyn/${satId}/haandhaevelser/${registreringId}`;
    case 'satgebyr':
      return `/affaldstilsyn/${satId}/brugerbetaling/${registreringId}`;
    default:
      return null;
  }
}

const STATUS_TONE: Record<SatStatus, string> = {
  Udvalgt: 'neutral',
  Udført: 'info',
  Overført: 'ok',
  Faktureret: 'ok',
};

/** The deadline has passed and the result is not performed (status still Udvalgt). */
export function deadlineOverskredet(sat: SatVirksomhed, idag = isoDatoAf(new Date())): boolean {
  const deadline = satStam(sat).deadlineDato;
  return sat.satStatus === 'Udvalgt' && !!deadline && deadline.slice(0, 10) < idag;
}

/**
 * The shared frame of every tab of a SAT company: loads it (['satvirksomhed', id]), names the tile
 * after it, shows the header line (P-nr., CVR-nr., period, status, deadline, origin), the side panels
 * (timeline, log, ad hoc tasks; a SAT company is a company row, so they work on its id) and renders
 * the tab, keyed by the company so no tab state carries over to another company. SAT companies are
 * not favourites: no star.
 */
export function SatFrame({
  route,
  params,
  children,
}: {
  route: RouteDef;
  params: RouteParams;
  children(d: SatDetalje): ReactNode;
}) {
  const id = Number(params.id);
  const q = useSatVirksomhed(id);
  const session = useShellSession();
  const sat = q.data;
  const stam = sat ? satStam(sat) : null;
  useTileTitle(stam?.navn || null);

  const [tabCommands, setTabCommands] = useState<TileCommand[]>([]);
  const panels = useSidePanels();
  const commands = useMemo<TileCommand[]>(
    () => (sat ? [...tabCommands, ...panels.commands] : []),
    [sat, tabCommands, panels.commands],
  );
  useTileCommands(commands);
  // Presence: who else has unsaved changes here, and this tab's own unsaved changes told to them.
  const naervaer = usePostNaervaer(sat?.id, route.title);

  if (!Number.isInteger(id) || id <= 0 || q.isLoading || !sat || !stam) {
    return (
      <RammeVenter
        idGyldigt={Number.isInteger(id) && id > 0}
        henter={q.isLoading}
        fejl={q.error}
        tekster={{
          ikkeFundet: 'SAT-virksomheden blev ikke fundet',
          findesIkke: 'Den findes ikke hos den aktive kunde, eller den er slettet.',
          ingenLaeseret: 'Du har ikke adgang til affaldstilsyn (kræver rollen Sagsbehandler affald).',
          kunneIkkeHentes: 'SAT-virksomheden kunne ikke hentes',
        }}
        onProevIgen={() => void q.refetch()}
      />
    );
  }

  const kanRette = session.ressourcer.has(SKRIVERET);
  const overskredet = deadlineOverskredet(sat);
  const ejer: PanelEjer = {
    id: sat.id,
    navn: stam.navn,
    kanRette,
    noegle: satKeys.sat(sat.id),
    registreringSti: (art, registreringId) => satRegistreringSti(sat.id, art, registreringId),
  };
  return (
    <FrameCommands.Provider value={setTabCommands}>
      <RammeKrop
        id={sat.id}
        panels={panels}
        ejer={ejer}
        linje={
          <>
            <span className="ramme-facts">
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
            </span>
            <RedigeresAf andre={naervaer.redigerer} />
          </>
        }
      >
        <PostNaervaer melder={naervaer.melder}>{children({ sat, kanRette })}</PostNaervaer>
      </RammeKrop>
    </FrameCommands.Provider>
  );
}

/**
 * Registers one part's commands with its tab while the part is shown (a tab with several parts
 * merges them before it hands them to the frame with useFrameCommands). `saet` must be stable.
 */
export function useDelKommandoer(saet: (commands: TileCommand[]) => void, commands: TileCommand[]): void {
  useEffect(() => {
    saet(commands);
    return () => saet([]);
  }, [saet, commands]);
}
