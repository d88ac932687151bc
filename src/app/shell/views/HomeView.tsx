import { Clock, LayoutGrid, Star } from 'lucide-react';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { type Arbejdsomraade, arbejdsomraadeLink } from '../../../contract/arbejdsomraader';
import { type Favorit, sortFavoritter } from '../../../contract/session';
import { platformKey, shortcutLabel } from '../../lib/keyboard';
import { useArbejdsomraader } from '../../session/arbejdsomraader';
import { onRecentChange, type RecentItem, readRecent, recentKey, recentOwner } from '../../session/recent';
import { useShellSession } from '../../session/session-context';
import { useSession } from '../../session/useSession';
import { primaryFocus } from '../../ui/focus';
import { aabnArbejdsomraade } from '../../workspace/arbejdsomraader';
import { useTile, useTileTitle } from '../../workspace/tile-api';
import { FavoritIcon } from '../FavoritesMenu';
import { favoritPath } from '../links';
import './home.css';

const MAX_RECENT = 8;

/** The user's recent items in this customer, kept live (the palette and the workspace add to them). */
function useRecent(owner: string): RecentItem[] {
  const raw = useSyncExternalStore(onRecentChange, () => localStorage.getItem(recentKey(owner)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: raw is the trigger: the stored list changed
  return useMemo(() => readRecent(owner), [owner, raw]);
}

/**
 * Home: where to go next. Recently opened records and pages, the favourites, and the Ctrl+K hint.
 * One keyboard list: the arrows move, Enter opens in this tile, Ctrl+Enter beside it. The list is the
 * view's primary focus target, so it has the keyboard as soon as home is shown.
 */
export function HomeView() {
  const { user } = useSession();
  const { kundeSettings } = useShellSession();
  // The header says 'Hjem', not the name of what the tile showed before.
  useTileTitle(null);
  const recent = useRecent(recentOwner(user)).slice(0, MAX_RECENT);
  const favorites = sortFavoritter(kundeSettings?.favorites ?? []);
  const palette = shortcutLabel(platformKey('mod+k'));
  const beside = shortcutLabel(platformKey('mod+enter'));
  return (
    <section className="home" aria-labelledby="home-title">
      <nav aria-label="Brødkrumme" className="breadcrumb">
        Hjem
      </nav>
      <h1 id="home-title">Velkommen, {user?.username}</h1>
      <p>
        Du arbejder i <strong>{user?.customerName}</strong> (kommunenr. {user?.municipalityNumber}).
      </p>
      <p className="home-hint">
        Tryk <kbd>{palette}</kbd> for at søge efter en virksomhed, et landbrug eller et vandanlæg (navn, CVR,
        CHR, Jupiter-id eller adresse) eller for at åbne en side. <kbd>?</kbd> viser alle tastaturgenveje.
      </p>
      <HomeList>
        <section className="home-block" aria-labelledby="home-recent">
          <h2 id="home-recent">
            <Clock size={15} aria-hidden="true" /> Senest åbnet
          </h2>
          {recent.length === 0 ? (
            <p className="muted">
              Intet endnu. Det, du åbner, vises her, så du hurtigt kan komme tilbage til det.
            </p>
          ) : (
            <ul className="home-items">
              {recent.map((r) => (
                <li key={r.path}>
                  <HomeLink path={r.path} meta={r.group}>
                    {r.label}
                  </HomeLink>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="home-block" aria-labelledby="home-favorites">
          <h2 id="home-favorites">
            <Star size={15} aria-hidden="true" /> Favoritter
          </h2>
          {favorites.length === 0 ? (
            <p className="muted">
              Ingen favoritter. Markér en virksomhed med stjernen (
              <kbd>{shortcutLabel(platformKey('mod+d'))}</kbd>) for at have den her.
            </p>
          ) : (
            <ul className="home-items">
              {favorites.map((f) => (
                <li key={`${f.virksomhedType}-${f.virksomhedId}`}>
                  <HomeLink path={favoritPath(f)} icon={<FavoritIcon type={f.virksomhedType} size={14} />}>
                    {favoritNavn(f)}
                  </HomeLink>
                </li>
              ))}
            </ul>
          )}
        </section>
        <ArbejdsomraadeBlok kundeId={user?.customerId} />
      </HomeList>
      <p className="home-keys muted small">
        <kbd>↑</kbd> <kbd>↓</kbd> flytter · <kbd>Enter</kbd> åbner i feltet · <kbd>{beside}</kbd> åbner i et
        nyt felt ved siden af
      </p>
    </section>
  );
}

const favoritNavn = (f: Favorit) => f.displayName || `#${f.virksomhedId}`;

/** The user's named workspaces (issue 34): Enter or a click opens one in place of the open tiles. */
function ArbejdsomraadeBlok({ kundeId }: { kundeId: number | undefined }) {
  const { data, isError } = useArbejdsomraader(kundeId);
  const liste = data ?? [];
  return (
    <section className="home-block" aria-labelledby="home-arbejdsomraader">
      <h2 id="home-arbejdsomraader">
        <LayoutGrid size={15} aria-hidden="true" /> Arbejdsområder
      </h2>
      {isError ? (
        <p className="muted">Arbejdsområderne kunne ikke hentes.</p>
      ) : liste.length === 0 ? (
        <p className="muted">
          Ingen gemte arbejdsområder. Sæt felterne op, som du vil have dem, og gem dem med 'Gem arbejdsområde
          …' i kommandopaletten.
        </p>
      ) : (
        <>
          <ul className="home-items">
            {liste.map((a) => (
              <li key={a.id}>
                <ArbejdsomraadeLink a={a} />
              </li>
            ))}
          </ul>
          <p className="muted small home-block-note">
            Omdøb, slet, kopiér link eller vælg startarbejdsområde i kommandopaletten: skriv 'arbejdsområde'.
          </p>
        </>
      )}
    </section>
  );
}

/** Its link is the workspace's own address (to copy, or open in a new browser tab). */
function ArbejdsomraadeLink({ a }: { a: Arbejdsomraade }) {
  return (
    <a
      className="home-link"
      href={arbejdsomraadeLink(a.id)}
      onClick={(e: MouseEvent) => {
        if (e.shiftKey || e.ctrlKey || e.metaKey || e.button !== 0) return;
        e.preventDefault();
        void aabnArbejdsomraade(a);
      }}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key !== 'Enter') return;
        e.preventDefault();
        void aabnArbejdsomraade(a);
      }}
    >
      <LayoutGrid size={14} aria-hidden="true" />
      <span className="home-link-label">{a.navn}</span>
      <span className="home-link-meta">
        {a.start ? 'Start · ' : ''}
        {antalFelter(a.layout)}
      </span>
    </a>
  );
}

/** '3 felter' from a layout (one `t` per tile). */
function antalFelter(layout: string): string {
  const n = new URLSearchParams(layout).getAll('t').length;
  return n === 1 ? '1 felt' : `${n} felter`;
}

/** The lists as one keyboard list: Up/Down (and Home/End) move between all its links. */
function HomeList({ children }: { children: ReactNode }) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    const links = Array.from(e.currentTarget.querySelectorAll<HTMLAnchorElement>('a.home-link'));
    if (links.length === 0) return;
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? links.length - 1
          : Math.min(links.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)));
    e.preventDefault();
    links[next]?.focus();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys between the links inside; the links are the controls
    <div className="home-lists" onKeyDown={onKeyDown} {...primaryFocus}>
      {children}
    </div>
  );
}

/** Opens in this tile (Enter, click) or beside it (Ctrl/Cmd+Enter, Ctrl/Cmd+click). */
function HomeLink({
  path,
  meta,
  icon,
  children,
}: {
  path: string;
  meta?: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  const tile = useTile();
  const open = (beside: boolean) => (beside ? tile.openBeside(path) : tile.navigate(path));
  return (
    <a
      className="home-link"
      href={path}
      onClick={(e: MouseEvent) => {
        if (e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        open(e.ctrlKey || e.metaKey);
      }}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key !== 'Enter') return;
        e.preventDefault();
        open(e.ctrlKey || e.metaKey);
      }}
    >
      {icon}
      <span className="home-link-label">{children}</span>
      {meta && <span className="home-link-meta">{meta}</span>}
    </a>
  );
}
