import { type ComponentType, createContext, useContext, useEffect } from 'react';
import type { RouteDef, RouteParams, ViewRouteName } from '../routes/route-table';
import type { TabFlags } from '../routes/tabs';

/**
 * A view's primary focus target: spread `primaryFocus` onto the element where the keyboard belongs
 * when the tile receives focus (shared widgets do it themselves: DataTable marks its row grid). The
 * tile focuses it on opening, by the palette, by tile shortcuts and on a new tab; without one, the tile
 * region keeps focus. See src/app/ui/focus.ts and ./tile-focus.ts.
 */
export { PRIMARY_FOCUS_ATTR, primaryFocus } from '../ui/focus';

/** A command a view offers while its tile is focused: declared in ui (its buttons render it). */
export type { TileCommand } from '../ui/kommando';

import type { TileCommand } from '../ui/kommando';

/** What every view rendered in a tile receives. */
export interface ViewProps {
  route: RouteDef;
  params: RouteParams;
  tileId: string;
  focused: boolean;
  /** The query of the tile's path ('' or '?…'): the view's own state (a report's filters). */
  search?: string;
}
export type ViewComponent = ComponentType<ViewProps>;

/**
 * The views a feature registers in its own `views.ts`, by route name (write the object literal with
 * `satisfies FeatureViews`, so a misspelt or a redirecting route is a type error). src/app/views.tsx
 * composes them; a route without a view there must be marked as not built yet.
 */
export type FeatureViews = Partial<Record<ViewRouteName, ViewComponent>>;

/** What a view can tell its tile, through the hooks below. */
export interface TileApi {
  tileId: string;
  focused: boolean;
  /** Navigate this tile (replace its route); the URL follows when the tile is focused. */
  navigate(path: string): void;
  /** Open a route in a new tile beside this one (a new tile even if the route is open elsewhere). */
  openBeside(path: string): void;
  setTitle(title: string | null): void;
  setCommands(commands: TileCommand[]): void;
  setDirty(dirty: boolean, reset?: () => void): void;
  /**
   * Facts about the open record for the tab bar (a company's omfattetAfBrugerbetaling). The workspace
   * does not read them: the tab rules the feature declares in its views.ts do.
   */
  setFlags(flags: TabFlags): void;
}

const noop = () => {};
/** Outside a tile (tests, stand-alone rendering) the hooks do nothing harmful. */
export const TileContext = createContext<TileApi>({
  tileId: 'standalone',
  focused: true,
  navigate: noop,
  openBeside: noop,
  setTitle: noop,
  setCommands: noop,
  setDirty: noop,
  setFlags: noop,
});

export const useTile = () => useContext(TileContext);

/**
 * Sets the tile header's title (entity name) while the view is shown. A view that leaves the tile
 * takes its title along, so the next view's header never shows the former record's name (an
 * unmount and the next view's mount run in one commit: no header without a title in between).
 */
export function useTileTitle(title: string | null | undefined): void {
  const { setTitle } = useTile();
  useEffect(() => {
    setTitle(title ?? null);
  }, [title, setTitle]);
  useEffect(() => () => setTitle(null), [setTitle]);
}

/** Registers the view's own commands for the palette and shortcuts while its tile is focused. */
export function useTileCommands(commands: TileCommand[]): void {
  const { setCommands } = useTile();
  useEffect(() => {
    setCommands(commands);
    return () => setCommands([]);
  }, [commands, setCommands]);
}

/** Feeds a form's dirty state to the tile's unsaved-changes guard; reset is called on 'Gå videre uden at gemme'. */
export function useTileDirty(dirty: boolean, reset?: () => void): void {
  const { setDirty } = useTile();
  useEffect(() => {
    setDirty(dirty, reset);
    return () => setDirty(false);
  }, [dirty, reset, setDirty]);
}
