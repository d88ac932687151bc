import { Star } from 'lucide-react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef } from 'react';
import type { Favorit } from '../../contract/session';
import { httpStatus } from '../lib/http-fejl';
import { medGenvej } from '../lib/keyboard';
import { isFavorit, useFavoritToggle } from '../session/favorites';
import { useShellSession } from '../session/session-context';
import { primaryFocus } from '../ui/focus';
import { Spinner } from '../ui/Spinner';
import type { TileCommand } from '../workspace/tile-api';
import { type PanelEjer, SidePanelAside, SidePanelToggles, type useSidePanels } from './SidePanels';
import './ramme.css';

/**
 * What the frames of a record (company or farm, water plant) share: the tabs' commands beside the
 * frame's, the favourite star and its command, the frame's styles (ramme.css) and the message
 * when the record cannot be shown.
 */

/** The setter a frame provides: the current tab's own commands. */
export const FrameCommands = createContext<(c: TileCommand[]) => void>(() => {});

/** Registers a tab's own commands beside the frame's (the tile holds one list). */
export function useFrameCommands(commands: TileCommand[]): void {
  const set = useContext(FrameCommands);
  useEffect(() => {
    set(commands);
    return () => set([]);
  }, [commands, set]);
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

/**
 * Whether the record is one of the customer's favourites, and a stable toggle for the star and the
 * command (what it does is read when it runs, so a command list holding it need not be rebuilt).
 */
export function useFavorit(
  post: { id: number; navn: string } | undefined,
  type: Favorit['virksomhedType'],
): { favorit: boolean; toggle: () => void } {
  const session = useShellSession();
  const favoritToggle = useFavoritToggle();
  const favorit = post ? isFavorit(session.kundeSettings, post.id, type) : false;
  const toggleRef = useRef(() => {});
  toggleRef.current = () => {
    if (!post) return;
    favoritToggle({ virksomhedId: post.id, virksomhedType: type, displayName: post.navn }).catch(() => {
      // The HTTP client has shown why; the star is back as it was.
    });
  };
  const toggle = useCallback(() => toggleRef.current(), []);
  return { favorit, toggle };
}

const favoritTekst = (favorit: boolean) => (favorit ? 'Fjern fra favoritter' : 'Tilføj til favoritter');

/** The tile command that toggles the favourite (Mod+D). */
export function favoritKommando(favorit: boolean, toggle: () => void): TileCommand {
  return {
    id: 'favorit',
    label: favoritTekst(favorit),
    shortcut: 'mod+d',
    keywords: ['favorit', 'stjerne'],
    run: toggle,
  };
}

/** The favourite star of a record's toolbar. */
export function FavoritStjerne({ favorit, onClick }: { favorit: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className={`icon-button ramme-star${favorit ? ' on' : ''}`}
      aria-pressed={favorit}
      aria-label={favoritTekst(favorit)}
      title={medGenvej(favoritTekst(favorit), 'mod+d')}
      onClick={onClick}
    >
      <Star size={15} aria-hidden="true" fill={favorit ? 'currentColor' : 'none'} />
    </button>
  );
}

/**
 * Why a record could not be shown: not found (404), no read right (403), or another failure with
 * a retry button. The record kind's own words come in `tekster`.
 */
export function IkkeHentet({
  className,
  fejl,
  tekster,
  onProevIgen,
}: {
  className: string;
  fejl: unknown;
  tekster: { ikkeFundet: string; findesIkke: string; ingenLaeseret: string; kunneIkkeHentes: string };
  onProevIgen: () => void;
}) {
  const status = httpStatus(fejl);
  return (
    <div className={className} role="alert">
      <h2>
        {status === 404
          ? tekster.ikkeFundet
          : status === 403
            ? 'Der er ikke de fornødne rettigheder til denne handling.'
            : tekster.kunneIkkeHentes}
      </h2>
      <p className="muted">
        {status === 404 ? tekster.findesIkke : status === 403 ? tekster.ingenLaeseret : 'Prøv igen om lidt.'}
      </p>
      {status !== 404 && status !== 403 && (
        <button type="button" className="button" onClick={onProevIgen}>
          Prøv igen
        </button>
      )}
    </div>
  );
}

/**
 * What a frame shows until its record is there: 'not found' for an id that cannot be one, a spinner
 * while it loads, else why it could not be fetched (IkkeHentet).
 */
export function RammeVenter(p: {
  idGyldigt: boolean;
  henter: boolean;
  fejl: unknown;
  tekster: Parameters<typeof IkkeHentet>[0]['tekster'];
  onProevIgen: () => void;
}) {
  if (!p.idGyldigt) {
    return (
      <div className="ramme-message" role="alert">
        <h2>{p.tekster.ikkeFundet}</h2>
      </div>
    );
  }
  if (p.henter) {
    return (
      <div className="loading">
        <Spinner /> Indlæser …
      </div>
    );
  }
  return (
    <IkkeHentet className="ramme-message" fejl={p.fejl} tekster={p.tekster} onProevIgen={p.onProevIgen} />
  );
}

/**
 * The body of a record's frame (a water plant, a SAT company): the header line (`linje`: the star
 * and facts) with the side-panel toggles, then the tab beside the open side panel (below it in a
 * narrow tile). The tab is keyed by the record, so no state carries over to another record shown
 * in the same tile.
 */
export function RammeKrop({
  id,
  linje,
  panels,
  ejer,
  children,
}: {
  id: number;
  linje: ReactNode;
  panels: ReturnType<typeof useSidePanels>;
  ejer: PanelEjer;
  children: ReactNode;
}) {
  const open = panels.open;
  return (
    <div className="ramme" ref={panels.rod}>
      <div className="ramme-toolbar">
        {linje}
        <SidePanelToggles open={open} onToggle={panels.toggle} />
      </div>
      <div className="ramme-body">
        <div className="ramme-content" key={id} {...primaryFocus}>
          {children}
        </div>
        {open && (
          <SidePanelAside
            className="ramme-panel"
            panel={open}
            ejer={ejer}
            onClose={() => panels.close(open)}
          />
        )}
      </div>
    </div>
  );
}
