import { Star } from 'lucide-react';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { byPath, detailPath, virksomhedEllerLandbrug } from '../../../contract/entitet';
import type { Virksomhed } from '../../../contract/virksomhed';
import { httpStatus } from '../../lib/http-fejl';
import { platformKey, shortcutLabel } from '../../lib/keyboard';
import { type PanelEjer, SidePanelAside, SidePanelToggles, useSidePanels } from '../../records/SidePanels';
import type { RouteDef, RouteParams } from '../../routes/route-table';
import { isFavorit, useFavoritToggle } from '../../shell/favorites';
import { useShellSession } from '../../shell/session-context';
import { primaryFocus } from '../../ui/focus';
import { Spinner } from '../../ui/Spinner';
import { type TileCommand, useTile, useTileCommands, useTileTitle } from '../../workspace/tile-api';
import { keys, recordPath, TABS, useVirksomhed } from './api';
import type { FeltKontekst } from './FeltInput';
import { useLatest } from './hooks';
import './virksomhed.css';

/** What a tab view gets from the frame: the loaded company and what the user may do with it. */
export interface Detalje {
  v: Virksomhed;
  /** The caseworker right of the company's type. */
  kanRette: boolean;
  ctx: FeltKontekst;
}

const FrameCommands = createContext<(c: TileCommand[]) => void>(() => {});

/** Registers a tab's own commands beside the frame's (the tile holds one list). */
export function useFrameCommands(commands: TileCommand[]): void {
  const set = useContext(FrameCommands);
  useEffect(() => {
    set(commands);
    return () => set([]);
  }, [commands, set]);
}

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
  const favoritToggle = useFavoritToggle();
  const favType = entitet?.favoritType ?? 'Virksomhed';
  const favorit = v ? isFavorit(session.kundeSettings, v.id, favType) : false;
  // The commands are rebuilt only when what they show changes; what they do is read when they run.
  const actions = useLatest({
    toggleFavorit: () => {
      if (!v) return;
      favoritToggle({ virksomhedId: v.id, virksomhedType: favType, displayName: v.basis.navn }).catch(() => {
        // The HTTP client has shown why; the star is back as it was.
      });
    },
  });
  const toggleFavorit = () => actions.current.toggleFavorit();
  const open = panels.open;

  const commands = useMemo<TileCommand[]>(() => {
    if (!v) return [];
    const own: TileCommand[] = [
      {
        id: 'favorit',
        label: favorit ? 'Fjern fra favoritter' : 'Tilføj til favoritter',
        shortcut: 'mod+d',
        keywords: ['favorit', 'stjerne'],
        run: () => actions.current.toggleFavorit(),
      },
      ...panels.commands,
    ];
    return [...tabCommands, ...own];
  }, [v, favorit, panels.commands, actions, tabCommands]);
  useTileCommands(commands);

  if (q.isLoading) {
    return (
      <div className="loading">
        <Spinner /> Indlæser …
      </div>
    );
  }
  if (!v) {
    const status = httpStatus(q.error);
    return (
      <div className="vd-message" role="alert">
        <h2>
          {status === 404
            ? 'Virksomheden blev ikke fundet'
            : status === 403
              ? 'Der er ikke de fornødne rettigheder til denne handling.'
              : 'Virksomheden kunne ikke hentes'}
        </h2>
        <p className="muted">
          {status === 404
            ? 'Den findes ikke hos den aktive kunde, eller den er slettet.'
            : status === 403
              ? 'Du har ikke læseret til denne type virksomhed.'
              : 'Prøv igen om lidt.'}
        </p>
        {status !== 404 && status !== 403 && (
          <button type="button" className="button" onClick={() => void q.refetch()}>
            Prøv igen
          </button>
        )}
      </div>
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
      <div className="vd">
        <div className="vd-main">
          <div className="vd-toolbar">
            <button
              type="button"
              className={`icon-button vd-star${favorit ? ' on' : ''}`}
              aria-pressed={favorit}
              aria-label={favorit ? 'Fjern fra favoritter' : 'Tilføj til favoritter'}
              title={`${favorit ? 'Fjern fra favoritter' : 'Tilføj til favoritter'} (${shortcutLabel(platformKey('mod+d'))})`}
              onClick={toggleFavorit}
            >
              <Star size={15} aria-hidden="true" fill={favorit ? 'currentColor' : 'none'} />
            </button>
            <span className="vd-facts">
              {v.basis.cvrNr && <span>CVR {v.basis.cvrNr}</span>}
              {v.basis.pNr && <span>P-nr. {v.basis.pNr}</span>}
              {kind.harChrNr && v.basis.chrNr && <span>CHR {v.basis.chrNr}</span>}
              {adresse && <span className="vd-adresse">{adresse}</span>}
              {v.basis.ophoertDato && <span className="vd-badge">Ophørt</span>}
              {!kanRette && kanLaese && <span className="vd-badge neutral">Kun læseadgang</span>}
            </span>
            <SidePanelToggles open={open} onToggle={panels.toggle} />
          </div>
          {/* Keyed by the record: a tab's state (forms, selection) never carries over to another company. */}
          {/* The tab is the tile's primary focus target: its list's rows, or its form's first field. */}
          <div className="vd-content" key={v.id} {...primaryFocus}>
            {children({ v, kanRette, ctx })}
          </div>
        </div>
        {open && (
          <SidePanelAside className="vd-panel" panel={open} ejer={ejer} onClose={() => panels.close(open)} />
        )}
      </div>
    </FrameCommands.Provider>
  );
}
