import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { byPath, type EntitetDescriptor } from '../../contract/entitet';
import type { AnyRecordKind } from '../../contract/record-kind';
import type { RouteDef, RouteParams } from '../routes/route-table';
import type { TabFlags } from '../routes/tabs';
import { useShellSession } from '../session/session-context';
import { type TileCommand, useTile, useTileCommands, useTileTitle } from '../workspace/tile-api';
import { PostNaervaer, RedigeresAf, usePostNaervaer } from './naervaer';
import { FavoritStjerne, FrameCommands, favoritKommando, RammeKrop, RammeVenter, useFavorit } from './ramme';
import { flytTil, registreringSti } from './ramme-faner';
import { type PanelEjer, useSidePanels } from './SidePanels';

/** What the user may do with the owner shown: from its kind's rights in the session. */
export interface EjerRet {
  kanRette: boolean;
  kanLaese: boolean;
  /** The active customer (form fields that look up the customer's lists). */
  kundeId: number;
}

/**
 * A record owner as its frame shows it (a company or farm, a water plant, a SAT company): the entity
 * descriptor (src/contract/entitet.ts: path, rights, favourite type, waiting texts) with how the
 * client loads one, names it, what its header line says and what its tabs get. Each feature declares
 * its owner once; EjerRamme is the one frame of all of them.
 */
export interface RammeEjer<T extends { id: number }, D> {
  /** The kind whose routes show the owner. */
  entitet: EntitetDescriptor;
  /** The kind of a loaded owner where one call serves several (a company or a farm). */
  entitetAf?(t: T): EntitetDescriptor;
  /** Loads the owner quietly (a 404 or 403 is shown in the tile), under `noegle(id)`. */
  useHent(id: number): UseQueryResult<T>;
  /** The query-key prefix of everything about the owner, e.g. ['vandanlaeg', 7]. */
  noegle(id: number): readonly [string, number];
  /** The tile's title. */
  navn(t: T): string;
  /** The record kinds on the owner's tabs (a timeline entry links to its record's tab). */
  arter: readonly AnyRecordKind[];
  /** The facts of the header line after the star: numbers, address, status marks. */
  fakta(t: T, ret: EjerRet): ReactNode;
  /** What the owner publishes to its tile for the tab bar's rules (a company's user payment). */
  flags?(t: T): TabFlags;
  /** What a tab gets from the frame: the owner and what the user may do with it. */
  detalje(t: T, ret: EjerRet): D;
}

/**
 * The one frame of every tab of a record owner: loads the owner first (saying why when it cannot),
 * names the tile after it, moves an owner opened under another kind's address to its own, shows the
 * header line (favourite star where the kind has favourites, the owner's facts, who else edits
 * here) and the side panels (timeline, log, ad hoc tasks: one at a time), holds the tab's commands
 * beside its own, and renders the tab keyed by the owner so no tab state carries over to another.
 */
export function EjerRamme<T extends { id: number }, D>({
  ejer,
  route,
  params,
  children,
}: {
  ejer: RammeEjer<T, D>;
  route: RouteDef;
  params: RouteParams;
  children(d: D): ReactNode;
}) {
  const id = Number(params.id);
  const idGyldigt = Number.isInteger(id) && id > 0;
  const q = ejer.useHent(id);
  const tile = useTile();
  const session = useShellSession();
  const t = q.data;
  const entitet = t ? (ejer.entitetAf?.(t) ?? ejer.entitet) : undefined;
  useTileTitle(t ? ejer.navn(t) || null : null);
  useEffect(() => {
    if (t && ejer.flags) tile.setFlags(ejer.flags(t));
  }, [t, ejer, tile]);

  // An owner opened under another kind's address (a company under /landbrug) moves to its own.
  const flyt = entitet && entitet.art !== byPath(route.path)?.art ? flytTil(entitet, id, route.path) : null;
  useEffect(() => {
    if (flyt) tile.navigate(flyt);
  }, [flyt, tile]);

  const [tabCommands, setTabCommands] = useState<TileCommand[]>([]);
  const panels = useSidePanels();
  const favoritType = entitet?.favoritType ?? null;
  // The commands are rebuilt only when what they show changes; what they do is read when they run.
  const { favorit, toggle } = useFavorit(
    t && favoritType ? { id: t.id, navn: ejer.navn(t) } : undefined,
    favoritType ?? 'Virksomhed',
  );
  const commands = useMemo<TileCommand[]>(() => {
    if (!t) return [];
    return [...tabCommands, ...panels.commands, ...(favoritType ? [favoritKommando(favorit, toggle)] : [])];
  }, [t, tabCommands, panels.commands, favoritType, favorit, toggle]);
  useTileCommands(commands);
  // Presence: who else has unsaved changes here, and this tab's own unsaved changes told to them.
  const naervaer = usePostNaervaer(t?.id, route.title);

  if (!idGyldigt || q.isLoading || !t || !entitet) {
    return (
      <RammeVenter
        idGyldigt={idGyldigt}
        henter={q.isLoading}
        fejl={q.error}
        tekster={ejer.entitet.venteTekster}
        onProevIgen={() => void q.refetch()}
      />
    );
  }
  if (flyt) return null;

  const ret: EjerRet = {
    kanRette: session.ressourcer.has(entitet.skriveret),
    kanLaese: session.ressourcer.has(entitet.laeseret),
    kundeId: session.user?.customerId ?? 0,
  };
  const panelEjer: PanelEjer = {
    id: t.id,
    navn: ejer.navn(t),
    kanRette: ret.kanRette,
    noegle: ejer.noegle(t.id),
    registreringSti: (art, registreringId) => registreringSti(entitet, t.id, ejer.arter, art, registreringId),
  };
  return (
    <FrameCommands.Provider value={setTabCommands}>
      <RammeKrop
        id={t.id}
        panels={panels}
        ejer={panelEjer}
        linje={
          <>
            {favoritType && <FavoritStjerne favorit={favorit} onClick={toggle} />}
            <span className="ramme-facts">{ejer.fakta(t, ret)}</span>
            <RedigeresAf andre={naervaer.redigerer} />
          </>
        }
      >
        <PostNaervaer melder={naervaer.melder}>{children(ejer.detalje(t, ret))}</PostNaervaer>
      </RammeKrop>
    </FrameCommands.Provider>
  );
}
