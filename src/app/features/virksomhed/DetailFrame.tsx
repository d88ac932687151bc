import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { byPath, detailPath, virksomhedEllerLandbrug } from '../../../contract/entitet';
import type { Virksomhed } from '../../../contract/virksomhed';
import { PostNaervaer, RedigeresAf, usePostNaervaer } from '../../records/naervaer';
import { FavoritStjerne, FrameCommands, favoritKommando, IkkeHentet, useFavorit } from '../../records/ramme';
import { type PanelEjer, SidePanelAside, SidePanelToggles, useSidePanels } from '../../records/SidePanels';
import type { RouteDef, RouteParams } from '../../routes/route-table';
import { useShellSession } from '../../session/session-context';
import { primaryFocus } from '../../ui/focus';
import { Spinner } from '../../ui/Spinner';
import { type TileCommand, useTile, useTileCommands, useTileTitle } from '../../workspace/tile-api';
import { keys, recordPath, TABS, useVirksomhed } from './api';
import type { FeltKontekst } from './FeltInput';
import './virksomhed.css';

/** What a tab view gets from the frame: the loaded company and what the user may do with it. */
export interface Detalje {
  v: Virksomhed;
  /** The caseworker right of the company's type. */
  kanRette: boolean;
  ctx: FeltKontekst;
}

/** Registers a tab's own commands beside the frame's (the tile holds one list). */
export { useFrameCommands } from '../../records/ramme';

/**
 * The shared frame of every tab of a company or farm: loads the company first, names the tile after
 * it, enables the user-payment tab, offers the favourite toggle and the side panels (timeline, log,
 * ad hoc tasks: one at a time), and renders the tab.
 */
export function DetailFrame({
  route,
  params,
  children,
}: {
  route: RouteDef;
  params: RouteParams;
  children(d: Detalje): ReactNode;
}) {
  const id = Number(params.id);
  const q = useVirksomhed(id);
  const tile = useTile();
  const session = useShellSession();
  const v = q.data;
  const routeArt = byPath(route.path)?.art;
  const entitet = v ? virksomhedEllerLandbrug(v.type) : undefined;

  useTileTitle(v?.basis.navn ?? null);
  useEffect(() => {
    if (v) tile.setFlags({ omfattetAfBrugerbetaling: v.basis.omfattetAfBrugerbetaling === true });
  }, [v, tile]);

  // A company opened under /landbrug (or a farm under /virksomheder) moves to its own address.
  const wrongBase = entitet && entitet.art !== routeArt;
  useEffect(() => {
    if (!entitet || !wrongBase) return;
    const segment = route.path.split('/')[3] ?? entitet.standardFane;
    const tab = segment === 'dyrehold' && entitet.art !== 'landbrug' ? entitet.standardFane : segment;
    tile.navigate(detailPath(entitet, id, tab));
  }, [entitet, wrongBase, id, route.path, tile]);

  const [tabCommands, setTabCommands] = useState<TileCommand[]>([]);
  const panels = useSidePanels();
  const favType = entitet?.favoritType ?? 'Virksomhed';
  // The commands are rebuilt only when what they show changes; what they do is read when they run.
  const { favorit, toggle: toggleFavorit } = useFavorit(
    v ? { id: v.id, navn: v.basis.navn } : undefined,
    favType,
  );
  const open = panels.open;
  // Presence: who else has unsaved changes here, and this tab's own unsaved changes told to them.
  const naervaer = usePostNaervaer(v?.id, route.title);

  const commands = useMemo<TileCommand[]>(() => {
    if (!v) return [];
    const own: TileCommand[] = [favoritKommando(favorit, toggleFavorit), ...panels.commands];
    return [...tabCommands, ...own];
  }, [v, favorit, panels.commands, toggleFavorit, tabCommands]);
  useTileCommands(commands);

  if (q.isLoading) {
    return (
      <div className="loading">
        <Spinner /> Indlæser …
      </div>
    );
  }
  if (!v) {
    return (
      <IkkeHentet
        className="vd-message"
        fejl={q.error}
        tekster={{
          ikkeFundet: 'Virksomheden blev ikke fundet',
          findesIkke: 'Den findes ikke hos den aktive kunde, eller den er slettet.',
          ingenLaeseret: 'Du har ikke læseret til denne type virksomhed.',
          kunneIkkeHentes: 'Virksomheden kunne ikke hentes',
        }}
        onProevIgen={() => void q.refetch()}
      />
    );
  }
  if (wrongBase) return null;

  const kind = virksomhedEllerLandbrug(v.type);
  const kanRette = session.ressourcer.has(kind.skriveret);
  const kanLaese = session.ressourcer.has(kind.laeseret);
  const kendteNavne = new Map(v.sagsbehandlere.map((s) => [s.brugerId, s.navn]));
  const ctx: FeltKontekst = {
    virksomhed: v,
    kundeId: session.user?.customerId ?? 0,
    disabled: !kanRette,
    kendteNavne,
  };
  const adresse = v.lokalitet.adresse;
  const ejer: PanelEjer = {
    id: v.id,
    navn: v.basis.navn,
    kanRette,
    noegle: keys.virksomhed(v.id),
    registreringSti: (art, registreringId) =>
      art in TABS ? recordPath(v.type, v.id, art as keyof typeof TABS, registreringId) : null,
  };

  return (
    <FrameCommands.Provider value={setTabCommands}>
      <div className="vd" ref={panels.rod}>
        <div className="vd-main">
          <div className="vd-toolbar">
            <FavoritStjerne favorit={favorit} onClick={toggleFavorit} />
            <span className="ramme-facts">
              {v.basis.cvrNr && <span>CVR {v.basis.cvrNr}</span>}
              {v.basis.pNr && <span>P-nr. {v.basis.pNr}</span>}
              {kind.harChrNr && v.basis.chrNr && <span>CHR {v.basis.chrNr}</span>}
              {adresse && <span className="ramme-adresse">{adresse}</span>}
              {v.basis.ophoertDato && <span className="vd-badge">Ophørt</span>}
              {!kanRette && kanLaese && <span className="vd-badge neutral">Kun læseadgang</span>}
            </span>
            <RedigeresAf andre={naervaer.redigerer} />
            <SidePanelToggles open={open} onToggle={panels.toggle} />
          </div>
          {/* Keyed by the record: a tab's state (forms, selection) never carries over to another company. */}
          {/* The tab is the tile's primary focus target: its list's rows, or its form's first field. */}
          <div className="vd-content" key={v.id} {...primaryFocus}>
            <PostNaervaer melder={naervaer.melder}>{children({ v, kanRette, ctx })}</PostNaervaer>
          </div>
        </div>
        {open && (
          <SidePanelAside className="vd-panel" panel={open} ejer={ejer} onClose={() => panels.close(open)} />
        )}
      </div>
    </FrameCommands.Provider>
  );
}
