import {
  ChevronLeft,
  ChevronRight,
  Maximize2,
  Minimize2,
  SplitSquareHorizontal,
  SplitSquareVertical,
  X,
} from 'lucide-react';
import {
  type ReactNode,
  type RefObject,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { medGenvej, shortcutsOf } from '../lib/keyboard';
import type { RouteDef, RouteParams } from '../routes/route-table';
import type { TabFlags } from '../routes/tabs';
import { siblingTabs } from '../routes/tabs';
import { useSession } from '../session/useSession';
import { type KladdeSted, KladdeStedContext } from '../ui/form/kladde';
import { closeTileGuarded, navigateTileGuarded, openRoute } from './actions';
import { WORKSPACE_KEYS } from './genveje';
import { guardFor } from './guards';
import type { TileId } from './layout';
import { resolveTilePath } from './resolve';
import { useWorkspace, workspace } from './store';
import { type TileApi, TileContext } from './tile-api';
import { tileCommandStore } from './tile-commands';
import { rememberTileFocus, useTileFocus, useTileFocusHome } from './tile-focus';
import { tileMetaStore, useTileMeta } from './tile-meta';
import { tabRegler, viewFor } from './visninger';

function useTileRoute(tileId: TileId) {
  const ws = useWorkspace();
  const { ressourcer } = useSession();
  const path = ws.tiles[tileId]?.path ?? '/';
  const resolved = useMemo(() => resolveTilePath(path, ressourcer), [path, ressourcer]);
  return { ws, path, resolved };
}

/** The header text: the entity's name (from the view) and the tab, or the route's own title. */
export function tileHeading(route: RouteDef | null, entityTitle: string | null): string {
  if (!route) return 'Indlæser …';
  if (route.kind === 'tab' && entityTitle) return `${entityTitle} · ${route.title}`;
  if (entityTitle) return entityTitle;
  if (route.kind === 'tab' && route.group !== route.title) return `${route.group} · ${route.title}`;
  return route.title;
}

/** The tile's header: what it holds and its actions. It is also the handle for dragging the tile. */
export function TileHeader({ tileId }: { tileId: TileId }) {
  const { ws, resolved } = useTileRoute(tileId);
  const { title } = useTileMeta(tileId);
  const maximised = ws.maximised === tileId;
  const many = Object.keys(ws.tiles).length > 1;
  const heading = tileHeading(resolved.route, title);
  return (
    // Mouse convenience only: keyboard users move between tiles with F6 and Alt+Shift+arrows.
    // biome-ignore lint/a11y/noStaticElementInteractions: the header is a drag handle, not a control
    <div
      className={`tile-header${ws.focused === tileId ? ' focused' : ''}`}
      onMouseDown={() => workspace.focus(tileId)}
    >
      <span className="tile-title" title={heading} id={`tile-title-${tileId}`}>
        {heading}
      </span>
      <span className="tile-actions">
        <TileButton
          label="Del til højre"
          keys={WORKSPACE_KEYS.splitRight}
          onClick={() => workspace.split(tileId, 'row')}
        >
          <SplitSquareHorizontal size={14} />
        </TileButton>
        <TileButton
          label="Del nedad"
          keys={WORKSPACE_KEYS.splitDown}
          onClick={() => workspace.split(tileId, 'column')}
        >
          <SplitSquareVertical size={14} />
        </TileButton>
        {many && (
          <TileButton
            label={maximised ? 'Gendan' : 'Maksimér'}
            keys={WORKSPACE_KEYS.maximise}
            onClick={() => workspace.toggleMaximise(tileId)}
          >
            {maximised ? <Minimize2 size={14} /> : <Maximize2 size={14} />}
          </TileButton>
        )}
        <TileButton
          label="Luk felt"
          keys={WORKSPACE_KEYS.close}
          onClick={() => void closeTileGuarded(tileId)}
        >
          <X size={14} />
        </TileButton>
      </span>
    </div>
  );
}

/** The tile's content: tabs and the view, as a labelled region that takes focus with the tile. */
export function TileBody({ tileId }: { tileId: TileId }) {
  const { ws, path, resolved } = useTileRoute(tileId);
  const { flags } = useTileMeta(tileId);
  const focused = ws.focused === tileId;
  const ref = useRef<HTMLElement>(null);

  // Route redirects, /404 and /ingenadgang as the guard decides: the tile's path is replaced.
  useEffect(() => {
    if (resolved.redirectTo) workspace.navigateTile(tileId, resolved.redirectTo, 'replace');
  }, [resolved.redirectTo, tileId]);

  // The focused tile takes keyboard focus (where the user was in it, else its view's primary target).
  useTileFocus(ref, tileId, focused, path);
  // Focus taken away by a change inside the tile comes back to a control in it, never the page.
  useTileFocusHome(ref, tileId);

  const api: TileApi = useMemo(
    () => ({
      tileId,
      focused,
      navigate: (to: string) => void navigateTileGuarded(tileId, to),
      openBeside: (to: string) => void openRoute(to, 'beside'),
      setTitle: (title: string | null) => tileMetaStore.update(tileId, { title }),
      setCommands: (commands) => tileCommandStore.set(tileId, commands),
      setDirty: (dirty, reset) => guardFor(tileId).setDirty(dirty, reset),
      setFlags: (next: TabFlags) => tileMetaStore.update(tileId, { flags: next }),
    }),
    [tileId, focused],
  );

  const route = resolved.route;
  const View = route ? viewFor(route) : null;
  const kladdeSted = useKladdeSted(tileId, route?.title ?? null);
  return (
    <section
      ref={ref}
      className={`tile${focused ? ' focused' : ''}`}
      aria-labelledby={`tile-title-${tileId}`}
      data-testid="tile"
      data-tile-id={tileId}
      data-path={path}
      tabIndex={-1}
      onFocusCapture={(e) => {
        rememberTileFocus(tileId, e.target, e.currentTarget);
        // Focus given back to a tile that is closing does not bring it back.
        if (workspace.get().tiles[tileId]) workspace.focus(tileId);
      }}
      onMouseDown={() => workspace.focus(tileId)}
    >
      {route?.kind === 'tab' && route.parent && (
        <TabBar route={route} params={resolved.params} tileId={tileId} flags={flags} />
      )}
      <div className="tile-body">
        <TileContext.Provider value={api}>
          <KladdeStedContext.Provider value={kladdeSted}>
            <Suspense fallback={<div className="loading">Indlæser …</div>}>
              {route && View ? (
                <View
                  route={route}
                  params={resolved.params}
                  tileId={tileId}
                  focused={focused}
                  search={path.includes('?') ? path.slice(path.indexOf('?')) : ''}
                />
              ) : null}
            </Suspense>
          </KladdeStedContext.Provider>
        </TileContext.Provider>
      </div>
    </section>
  );
}

/**
 * Where the tile's forms keep their drafts (ui/form/kladde.ts): the signed-in user and customer,
 * and, read when a draft is written, the tile's route and a title ('Grøn Fabrik ApS · Stamoplysninger', as the tile's header)
 * for the palette's 'Kladder'. Nobody signed in: no drafts.
 */
function useKladdeSted(tileId: TileId, rutetitel: string | null): KladdeSted | null {
  const { user } = useSession();
  const bruger = user?.userId;
  const kunde = user?.customerId;
  const titelRef = useRef(rutetitel);
  titelRef.current = rutetitel;
  return useMemo(
    () =>
      bruger === undefined || kunde === undefined
        ? null
        : {
            ejer: { bruger, kunde },
            beskriv: () => ({
              sti: workspace.get().tiles[tileId]?.path ?? '/',
              titel: [tileMetaStore.get(tileId).title, titelRef.current].filter(Boolean).join(' · '),
            }),
          },
    [bruger, kunde, tileId],
  );
}

function TileButton(props: {
  label: string;
  keys: { shortcut: string; altShortcut?: string };
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="tile-button"
      aria-label={props.label}
      title={medGenvej(props.label, shortcutsOf(props.keys))}
      onMouseDown={(e) => e.stopPropagation()}
      onClick={(e) => {
        e.stopPropagation();
        props.onClick();
      }}
    >
      {props.children}
    </button>
  );
}

function TabBar(props: { route: RouteDef; params: RouteParams; tileId: TileId; flags: TabFlags }) {
  const { ressourcer } = useSession();
  const tabs = siblingTabs(props.route, props.params, {
    ressourcer,
    flags: props.flags,
    regler: tabRegler(),
  });
  const navRef = useRef<HTMLElement>(null);
  const overflow = useTabOverflow(navRef, props.route.name, tabs.length);
  const scroll = (direction: 1 | -1) => {
    const nav = navRef.current;
    nav?.scrollBy({ left: direction * Math.max(80, nav.clientWidth * 0.7) });
  };
  return (
    <div
      className="tile-tabs-wrap"
      data-overflow-left={overflow.left || undefined}
      data-overflow-right={overflow.right || undefined}
    >
      {/* Mouse helpers only: keyboard users move with Alt+PageUp/PageDown or Tab, and the tab in
          view scrolls into sight. */}
      {overflow.left && <TabScrollButton side="left" onClick={() => scroll(-1)} />}
      <nav className="tile-tabs" aria-label="Faner" ref={navRef}>
        {tabs.map(({ route, enabled, href }) => {
          const active = route.name === props.route.name;
          return (
            <a
              key={route.name}
              href={href}
              className={`tile-tab${active ? ' active' : ''}${enabled ? '' : ' disabled'}`}
              aria-current={active ? 'page' : undefined}
              aria-disabled={enabled ? undefined : true}
              onClick={(e) => {
                e.preventDefault();
                if (enabled && !active) void navigateTileGuarded(props.tileId, href);
              }}
            >
              {route.title}
            </a>
          );
        })}
      </nav>
      {overflow.right && <TabScrollButton side="right" onClick={() => scroll(1)} />}
    </div>
  );
}

/** The arrow on a side of an overflowing tab strip that holds more tabs (a mouse helper only). */
function TabScrollButton({ side, onClick }: { side: 'left' | 'right'; onClick(): void }) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      className={`tile-tabs-scroll ${side}`}
      tabIndex={-1}
      aria-hidden="true"
      title={`Flere faner til ${side === 'left' ? 'venstre' : 'højre'}`}
      onClick={onClick}
    >
      <Icon size={14} />
    </button>
  );
}

/**
 * A tab strip wider than its tile scrolls: the active tab is kept in view (Alt+PageDown/PageUp move
 * through all of them), and the sides that hold more tabs say so.
 */
function useTabOverflow(ref: RefObject<HTMLElement | null>, active: string, count: number) {
  const [overflow, setOverflow] = useState({ left: false, right: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: active is the trigger: another tab became active
  useLayoutEffect(() => {
    const nav = ref.current;
    const tab = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !tab) return;
    const margin = 28;
    if (tab.offsetLeft - margin < nav.scrollLeft) nav.scrollLeft = tab.offsetLeft - margin;
    else if (tab.offsetLeft + tab.offsetWidth + margin > nav.scrollLeft + nav.clientWidth)
      nav.scrollLeft = tab.offsetLeft + tab.offsetWidth + margin - nav.clientWidth;
  }, [ref, active]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: count is a trigger: more or fewer tabs change the width
  useEffect(() => {
    const nav = ref.current;
    if (!nav) return;
    const measure = () => {
      const left = nav.scrollLeft > 1;
      const right = nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 1;
      setOverflow((o) => (o.left === left && o.right === right ? o : { left, right }));
    };
    measure();
    nav.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(nav);
    return () => {
      nav.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref, count]);
  return overflow;
}
